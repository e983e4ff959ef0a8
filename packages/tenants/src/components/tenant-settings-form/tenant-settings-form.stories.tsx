import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeSystemTenant, fakeTenant, fakeTenantsApiLoader, languageLoader, loadedTenantsApi, withAdminProviders } from '../../testing';
import { TenantSettingsForm } from './tenant-settings-form';

const acme = fakeTenant(1, { sname: 'acme', name: 'Acme', dialIn: true });
const limitedAcme = { ...acme, defaultLanguage: 'ar' as const, maxUsers: 25 };
const tenants = [fakeSystemTenant, acme];

const meta = {
  title: 'Tenants/Tenants/TenantSettingsForm',
  component: TenantSettingsForm,
  decorators: [withAdminProviders],
  args: { tenant: acme, platformAdmin: true },
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants) })],
} satisfies Meta<typeof TenantSettingsForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The stored flags as switches, in their groups, with the language and limit (none of its own: the platform's, unlimited); Save waits for a change. */
export const StoredSettings: Story = {
  play: async ({ canvasElement }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Tenant settings' }));
    for (const group of ['Sign-up', 'Phone bridge', 'Language and users', 'Features']) await expect(form.getByRole('group', { name: group })).toBeInTheDocument();
    const limits = within(form.getByRole('group', { name: 'Language and users' }));
    await expect(limits.getByRole('combobox', { name: /^Default language/ })).toHaveValue('Platform default');
    await expect(limits.getByRole('textbox', { name: /^Max users/ })).toHaveValue('');
    await expect(limits.getByText('Leave empty for no limit')).toBeInTheDocument();
    await expect(form.getByRole('switch', { name: 'Show normal sign-up' })).toBeChecked();
    await expect(form.getByRole('switch', { name: 'Show social sign-up' })).not.toBeChecked();
    await expect(form.getByRole('switch', { name: 'Dial In' })).toBeChecked();
    await expect(form.getByRole('switch', { name: 'Dial Out' })).not.toBeChecked();
    const features = within(form.getByRole('group', { name: 'Features' }));
    await expect(features.getAllByRole('switch')).toHaveLength(4);
    await expect(features.getByRole('switch', { name: 'Mobile app' })).toBeChecked();
    await expect(features.getByRole('switch', { name: 'Waiting room games' })).not.toBeChecked();
    // The partner apps are switched on by installing them, not here.
    await expect(features.queryByRole('switch', { name: 'Slack' })).toBeNull();
    await expect(features.getByText("Neosound and Slack are switched on by installing them in the tenant's partner apps.")).toBeInTheDocument();
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(form.getByRole('switch', { name: 'Dial Out' }));
    await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
  },
};

/** Changed flags and features are saved together, without the partner apps' flags (the server keeps them); Save waits again. */
export const Save: Story = {
  play: async ({ canvasElement, loaded }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Tenant settings' }));
    await userEvent.click(form.getByRole('switch', { name: 'Show social sign-up' }));
    await userEvent.click(form.getByRole('switch', { name: 'Dial In' }));
    await userEvent.click(form.getByRole('switch', { name: 'Third-party apps' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Tenant settings saved successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenant')[0]?.body).toEqual({
      signupNormal: true,
      signupSocial: true,
      dialIn: false,
      dialOut: false,
      defaultLanguage: null,
      maxUsers: null,
      features: { mobile_app: true, desktop_client: true, third_party_apps: true, waiting_room_games: false },
    });
    await waitFor(() => expect(form.getByRole('button', { name: 'Save' })).toBeDisabled());
  },
};

/**
 * A tenant administrator sees dial in and out, the default language and the user limit but cannot
 * change them (the platform's to set); its saves leave them out.
 */
export const TenantAdministrator: Story = {
  args: { platformAdmin: false, tenant: limitedAcme },
  loaders: [fakeTenantsApiLoader({ tenants: [structuredClone(limitedAcme)], as: 'tenantadmin' })],
  play: async ({ canvasElement, loaded }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Tenant settings' }));
    const bridge = within(form.getByRole('group', { name: 'Phone bridge' }));
    await expect(bridge.getByRole('switch', { name: 'Dial In' })).toBeChecked();
    await expect(bridge.getByRole('switch', { name: 'Dial In' })).toBeDisabled();
    await expect(bridge.getByRole('switch', { name: 'Dial Out' })).toBeDisabled();
    await expect(bridge.getByText('Only the platform administrator switches dial in and dial out.')).toBeInTheDocument();
    const limits = within(form.getByRole('group', { name: 'Language and users' }));
    await expect(limits.getByRole('combobox', { name: /^Default language/ })).toHaveValue('Arabic');
    await expect(limits.getByRole('combobox', { name: /^Default language/ })).toBeDisabled();
    await expect(limits.getByRole('textbox', { name: /^Max users/ })).toHaveValue('25');
    await expect(limits.getByRole('textbox', { name: /^Max users/ })).toBeDisabled();
    await expect(limits.getByText('Only the platform administrator changes the default language and the user limit.')).toBeInTheDocument();
    await expect(form.getByRole('switch', { name: 'Show social sign-up' })).toBeEnabled();
    await userEvent.click(form.getByRole('switch', { name: 'Show social sign-up' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Tenant settings saved successfully')).toBeInTheDocument();
    const sent = loadedTenantsApi(loaded).requestsOf('updateTenant')[0]?.body;
    await expect(sent).toMatchObject({ signupNormal: true, signupSocial: true });
    for (const field of ['dialIn', 'dialOut', 'defaultLanguage', 'maxUsers']) await expect(sent).not.toHaveProperty(field);
  },
};

/** The platform super administrator's switches come with no such note. */
export const PlatformAdministrator: Story = {
  play: async ({ canvasElement }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Tenant settings' }));
    await expect(form.getByRole('switch', { name: 'Dial In' })).toBeEnabled();
    await expect(form.getByRole('switch', { name: 'Dial Out' })).toBeEnabled();
    await expect(form.queryByText('Only the platform administrator switches dial in and dial out.')).toBeNull();
    await expect(form.getByRole('combobox', { name: /^Default language/ })).toBeEnabled();
    await expect(form.getByRole('textbox', { name: /^Max users/ })).toBeEnabled();
    await expect(form.queryByText('Only the platform administrator changes the default language and the user limit.')).toBeNull();
  },
};

/**
 * The platform super administrator gives the tenant its own language and a user limit (one past the
 * contract's bound is brought back to 100000); both are saved, and emptied again (the platform's
 * language, no limit) they are sent as null.
 */
export const LanguageAndLimit: Story = {
  play: async ({ canvasElement, loaded }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Tenant settings' }));
    const language = form.getByRole('combobox', { name: /^Default language/ });
    const limit = form.getByRole('textbox', { name: /^Max users/ });
    await userEvent.click(language);
    await userEvent.click(await body().findByRole('option', { name: 'Uzbek' }));
    await expect(language).toHaveValue('Uzbek');
    await userEvent.type(limit, '100001');
    await userEvent.tab();
    await expect(limit).toHaveValue('100000');

    await userEvent.clear(limit);
    await userEvent.type(limit, '40');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Tenant settings saved successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenant')[0]?.body).toMatchObject({ defaultLanguage: 'uz', maxUsers: 40 });

    await userEvent.click(language);
    await userEvent.click(await body().findByRole('option', { name: 'Platform default' }));
    await userEvent.clear(limit);
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(loadedTenantsApi(loaded).requestsOf('updateTenant')).toHaveLength(2));
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenant')[1]?.body).toMatchObject({ defaultLanguage: null, maxUsers: null });
  },
};

/** The server fails: its failure text as a snackbar, the changes kept to try again. */
export const ServerError: Story = {
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants), failing: ['updateTenant'] })],
  play: async ({ canvasElement, loaded }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Tenant settings' }));
    await userEvent.click(form.getByRole('switch', { name: 'Waiting room games' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenant')).toHaveLength(1);
    await expect(form.getByRole('switch', { name: 'Waiting room games' })).toBeChecked();
    await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
  },
};

/** Arabic: the catalog's words, right to left. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants) }), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const formElement = await within(canvasElement).findByRole('form', { name: 'إعدادات المستأجر' });
    const form = within(formElement);
    await expect(form.getByRole('group', { name: 'الجسر الهاتفي' })).toBeInTheDocument();
    await expect(form.getByRole('switch', { name: 'إظهار التسجيل العادي' })).toBeChecked();
    await expect(form.getByRole('switch', { name: 'تطبيق الجوال' })).toBeChecked();
    await expect(form.getByRole('button', { name: 'حفظ' })).toBeDisabled();
    await expect(formElement.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};
