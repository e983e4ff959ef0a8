import { setupI18n } from '@lingui/core';
import type { MessageDescriptor } from '@lingui/core';
import { navTitleKey, navTitles, translateNavTitle } from './nav-titles';

// The spec's side menu (section 2): every link and group of it must have a translatable title.
const specMenu = [
  'dashboard', 'Recording', 'cloud-recordings', 'Global Configuration', 'kubernetes', 'freeswitck', 'kafka',
  'meetingconfig', 'emailconfig', 'stripeconfig', 'transcodingconfig', 'tenantconfig', 'user', 'live-meeting',
  'completed-meetings', 'phone-numbers', 'devportal', 'Meetings', 'schedule-meeting', 'upcoming-meetings',
  'open-meetings', 'past-meetings', 'personal-meeting', 'feedback', 'clients', 'meeting-state', 'profile', 'tenant',
  'apps', 'roles', 'plans', 'products', 'Billing', 'billing/plan', 'billing/invoice', 'billing/pending',
];

function frenchI18n() {
  const descriptorId = (key: string) => navTitles[key]?.id ?? '';
  return setupI18n({
    locale: 'fr',
    messages: {
      fr: {
        [descriptorId('DASHBOARD')]: 'Tableau de bord',
        [descriptorId('CLOUD_RECORDINGS')]: 'Enregistrements cloud',
        [descriptorId('GLOBAL_CONFIGURATION')]: 'Configuration globale',
        [descriptorId('USERS')]: 'Utilisateurs',
      },
    },
  });
}

describe('nav titles', () => {
  it('exist for every entry of the spec menu and for the items the issues added', () => {
    for (const entry of [...specMenu, 'audit-log', 'email-log']) expect(navTitles[navTitleKey(entry)], entry).toBeDefined();
  });

  it('normalise the usual spellings of a translate key', () => {
    expect(navTitleKey('cloud-recordings')).toBe('CLOUD_RECORDINGS');
    expect(navTitleKey('cloudRecordings')).toBe('CLOUD_RECORDINGS');
    expect(navTitleKey('NAV.CLOUD_RECORDINGS')).toBe('CLOUD_RECORDINGS');
    expect(navTitleKey('Global Configuration')).toBe('GLOBAL_CONFIGURATION');
  });

  it('translate a node by its translate key into the active language', () => {
    const i18n = frenchI18n();
    const translate = (descriptor: MessageDescriptor) => i18n._(descriptor);
    expect(translateNavTitle({ id: 'x', title: 'Dashboard', translate: 'DASHBOARD' }, translate)).toBe('Tableau de bord');
    expect(translateNavTitle({ id: 'cloud', title: 'Cloud', translate: 'nav.cloudRecordings' }, translate)).toBe('Enregistrements cloud');
    expect(translateNavTitle({ id: 'global-configuration', title: 'Global Configuration', translate: 'CONFIG_GROUP' }, translate)).toBe('Configuration globale');
  });

  it('give the English text without a translation and the served title for unknown keys', () => {
    const english = setupI18n({ locale: 'en', messages: { en: {} } });
    const translate = (descriptor: MessageDescriptor) => english._(descriptor);
    expect(translateNavTitle({ id: 'user', title: 'user', translate: 'USERS' }, translate)).toBe('Users');
    expect(translateNavTitle({ id: 'reports', title: 'Reports', translate: 'REPORTS' }, translate)).toBe('Reports');
    expect(translateNavTitle({ id: 'constructor', title: 'Odd', translate: '__proto__' }, translate)).toBe('Odd');
  });
});
