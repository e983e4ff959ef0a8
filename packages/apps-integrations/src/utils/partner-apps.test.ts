import { ApiError } from '@portal/api-client';
import { createTestI18n } from '@portal/ui-kit/testing';
import {
  PARTNER_APP_RULES,
  partnerAppFieldError,
  partnerAppFieldErrorText,
  partnerAppProblemText,
  partnerAppSettingsBody,
  type PartnerAppFormValues,
} from './partner-apps';

const i18n = createTestI18n();
const values = (overrides: Partial<PartnerAppFormValues> = {}): PartnerAppFormValues => ({ apiKey: '', region: 'eu', teamId: '', command: '', ...overrides });

describe('the contract rules (PartnerAppApiKey, SlackTeamId, SlashCommand)', () => {
  it.each(['ns_live_4f9a8b7c6d5e4f3a', 'A'.repeat(16), '!~'.repeat(100)])('accepts the API key %j', (key) => expect(PARTNER_APP_RULES.apiKey.test(key)).toBe(true));
  it.each(['short', 'A'.repeat(201), 'has a space in the key', 'tab\tseparated-key-value', 'clé-non-ascii-0123'])('refuses the API key %j', (key) =>
    expect(PARTNER_APP_RULES.apiKey.test(key)).toBe(false),
  );
  it.each(['T024BE7LD', 'T123456', `T${'A'.repeat(20)}`])('accepts the team ID %j', (id) => expect(PARTNER_APP_RULES.teamId.test(id)).toBe(true));
  it.each(['t024be7ld', 'T12345', 'U024BE7LD', `T${'A'.repeat(21)}`, 'T024 BE7'])('refuses the team ID %j', (id) => expect(PARTNER_APP_RULES.teamId.test(id)).toBe(false));
  it.each(['/meet', '/acme-meet', '/a_1', `/${'a'.repeat(31)}`])('accepts the command %j', (command) => expect(PARTNER_APP_RULES.command.test(command)).toBe(true));
  it.each(['meet', '/', '/Meet', '/two words', `/${'a'.repeat(32)}`])('refuses the command %j', (command) => expect(PARTNER_APP_RULES.command.test(command)).toBe(false));
});

describe('partnerAppFieldError', () => {
  it('asks for an API key unless one is stored, and checks a typed one', () => {
    expect(partnerAppFieldError('neosound', 'apiKey', values(), false, i18n)).toBe('This field is required');
    expect(partnerAppFieldError('neosound', 'apiKey', values(), true, i18n)).toBeNull();
    expect(partnerAppFieldError('neosound', 'apiKey', values({ apiKey: 'short' }), true, i18n)).toBe('Enter a valid API key: 16 to 200 characters without spaces');
  });

  it("never checks the other app's fields", () => {
    expect(partnerAppFieldError('neosound', 'teamId', values(), false, i18n)).toBeNull();
    expect(partnerAppFieldError('slack', 'apiKey', values(), false, i18n)).toBeNull();
    expect(partnerAppFieldError('slack', 'teamId', values(), false, i18n)).toBe('This field is required');
    expect(partnerAppFieldError('slack', 'command', values({ command: ' /meet ' }), false, i18n)).toBeNull();
  });
});

describe('partnerAppSettingsBody', () => {
  it("sends the app's own settings, trimmed, and the API key only when typed", () => {
    const typed = values({ apiKey: 'ns_live_4f9a8b7c6d5e4f3a', region: 'us', teamId: 'T024BE7LD', command: ' /meet ' });
    expect(partnerAppSettingsBody('neosound', typed)).toEqual({ apiKey: 'ns_live_4f9a8b7c6d5e4f3a', region: 'us' });
    expect(partnerAppSettingsBody('neosound', values({ region: 'us' }))).toEqual({ region: 'us' });
    expect(partnerAppSettingsBody('slack', typed)).toEqual({ teamId: 'T024BE7LD', command: '/meet' });
  });
});

describe('messages', () => {
  it('maps the partner-app field codes, and others as usual', () => {
    expect(partnerAppFieldErrorText('invalid_team_id', i18n)).toBe('Enter a valid Slack team ID, e.g. T024BE7LD');
    expect(partnerAppFieldErrorText('required', i18n)).toBe('This field is required');
  });

  it("says 'already installed' for a 409 and the spec's Slack failure for a failed Slack install only", () => {
    const conflict = new ApiError(409, { code: 'app_installed' });
    const crash = new ApiError(500, { code: 'internal' });
    const denied = new ApiError(403, { code: 'forbidden' });
    expect(partnerAppProblemText('neosound', true)(conflict, i18n)).toBe('This app is already installed');
    expect(partnerAppProblemText('slack', true)(crash, i18n)).toMatch(/^Installation of the product on Slack is failed/);
    expect(partnerAppProblemText('slack', false)(crash, i18n)).toBe('Failed, Try Again..!!');
    expect(partnerAppProblemText('neosound', true)(crash, i18n)).toBe('Failed, Try Again..!!');
    expect(partnerAppProblemText('slack', true)(denied, i18n)).toBe('You do not have permission to do this.');
  });
});
