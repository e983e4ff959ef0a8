import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fakeTenantDefaults, fakeTenantsApiLoader, languageLoader, loadedTenantsApi, withAdminProviders } from '../../testing';
import { TenantCreateDialog } from './tenant-create-dialog';

const meta = {
  title: 'Tenants/Tenants/TenantCreateDialog',
  component: TenantCreateDialog,
  decorators: [withAdminProviders],
  loaders: [fakeTenantsApiLoader()],
  args: { opened: true, onClose: fn(), onCreated: fn() },
} satisfies Meta<typeof TenantCreateDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/**
 * The empty form (a generated password by default): an empty submit shows the spec's texts under
 * each required field, 'Enter a valid subdomain' included, and sends nothing.
 */
export const EmptyFormValidation: Story = {
  args: { onClose: fn(), onCreated: fn() },
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Create tenant' }));
    await expect(dialog.getByRole('textbox', { name: /^Tenant Name/ })).toHaveValue('');
    await expect(dialog.getByRole('radio', { name: 'Generate' })).toBeChecked();
    await expect(dialog.queryByLabelText(/^New password/)).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('Enter a valid subdomain')).toBeInTheDocument();
    await expect(dialog.getByText('This field is required')).toBeInTheDocument();
    await expect(dialog.getByText('Enter a valid email')).toBeInTheDocument();
    await expect(dialog.getByText('Enter a valid first name')).toBeInTheDocument();
    await expect(dialog.getByText('Enter a valid last name')).toBeInTheDocument();

    // A name the platform keeps is no valid subdomain either.
    await userEvent.type(dialog.getByRole('textbox', { name: /^Tenant Name/ }), 'WWW');
    await expect(dialog.getByRole('textbox', { name: /^Subdomain/ })).toHaveValue('www');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('Enter a valid subdomain')).toBeInTheDocument();
    await expect(dialog.queryByText('This field is required')).toBeNull();
    await expect(loadedTenantsApi(loaded).requestsOf('addTenant')).toHaveLength(0);
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

/**
 * The subdomain follows the name; a chosen password must meet the spec's rule; the tenant is then
 * created and its administrator's sign-in info handed over.
 */
export const CreateWithPassword: Story = {
  args: { onClose: fn(), onCreated: fn() },
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Create tenant' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Tenant Name/ }), 'Zeta Inc.');
    await expect(dialog.getByRole('textbox', { name: /^Subdomain/ })).toHaveValue('zeta-inc');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Brand name/ }), 'Zeta Meet');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Tenant Admin Email/ }), 'zed@zeta.example');
    await userEvent.type(dialog.getByRole('textbox', { name: /^First Name/ }), 'Zed');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Last Name/ }), 'Zimmer');
    await userEvent.click(dialog.getByRole('radio', { name: 'Set password' }));
    const password = dialog.getByLabelText(/^New password/);
    await userEvent.type(password, 'short');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('Password must contain at least 6 characters, including upper case/ lower case and numbers')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('addTenant')).toHaveLength(0);

    await userEvent.clear(password);
    await userEvent.type(password, 'Zeta2025');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Tenant created successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('addTenant')[0]?.body).toEqual({
      name: 'Zeta Inc.',
      sname: 'zeta-inc',
      brandname: 'Zeta Meet',
      admin: { email: 'zed@zeta.example', firstName: 'Zed', lastName: 'Zimmer', passwordMode: 'manual', password: 'Zeta2025' },
      signupNormal: fakeTenantDefaults.signupNormal,
      signupSocial: fakeTenantDefaults.signupSocial,
      dialIn: fakeTenantDefaults.dialIn,
      dialOut: fakeTenantDefaults.dialOut,
      features: fakeTenantDefaults.features,
      defaultLanguage: fakeTenantDefaults.defaultLanguage,
      maxUsers: fakeTenantDefaults.maxUsers,
    });
    await expect(args.onClose).toHaveBeenCalledOnce();
    await expect(args.onCreated).toHaveBeenCalledWith(
      expect.objectContaining({ signIn: { email: 'zed@zeta.example', password: 'Zeta2025', url: 'http://zeta-inc.portal.example/portal/login' } }),
    );
  },
};

/** Fills the required fields with a valid tenant and administrator. */
async function fillRequired(dialog: ReturnType<typeof within>) {
  await userEvent.type(dialog.getByRole('textbox', { name: /^Tenant Name/ }), 'Zeta');
  await userEvent.type(dialog.getByRole('textbox', { name: /^Tenant Admin Email/ }), 'zed@zeta.example');
  await userEvent.type(dialog.getByRole('textbox', { name: /^First Name/ }), 'Zed');
  await userEvent.type(dialog.getByRole('textbox', { name: /^Last Name/ }), 'Zimmer');
}

/**
 * The settings start from the platform's saved tenant defaults (getDefaults: dial in and social
 * sign-up on, normal sign-up and the desktop client off, unlike the built-in ones, French and at
 * most 250 users); what the administrator changes is sent as chosen.
 */
export const SavedDefaults: Story = {
  args: { onClose: fn(), onCreated: fn() },
  play: async ({ loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Create tenant' }));
    await waitFor(() => expect(dialog.getByRole('switch', { name: 'Dial In' })).toBeChecked());
    await expect(dialog.getByRole('switch', { name: 'Dial Out' })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Show normal sign-up' })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Show social sign-up' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Desktop client' })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Waiting room games' })).toBeChecked();
    await expect(loadedTenantsApi(loaded).requestsOf('getDefaults')[0]?.path).toBe('/tenant-defaults');
    await waitFor(() => expect(dialog.getByRole('combobox', { name: /^Default language/ })).toHaveValue('French'));
    await expect(dialog.getByRole('textbox', { name: /^Max users/ })).toHaveValue('250');

    await userEvent.click(dialog.getByRole('switch', { name: 'Dial Out' }));
    await userEvent.click(dialog.getByRole('combobox', { name: /^Default language/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Arabic' }));
    await userEvent.clear(dialog.getByRole('textbox', { name: /^Max users/ }));
    await fillRequired(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Tenant created successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('addTenant')[0]?.body).toMatchObject({
      signupNormal: false,
      signupSocial: true,
      dialIn: true,
      dialOut: true,
      features: fakeTenantDefaults.features,
      defaultLanguage: 'ar',
      maxUsers: null,
    });
    await expect(loadedTenantsApi(loaded).tenants.at(-1)).toMatchObject({ defaultLanguage: 'ar', maxUsers: null });
  },
};

/**
 * Without the saved defaults (getDefaults fails) the switches keep the built-in values, and only
 * what the administrator changes is sent: the server applies its defaults to the rest.
 */
export const BuiltInDefaults: Story = {
  args: { onClose: fn(), onCreated: fn() },
  loaders: [fakeTenantsApiLoader({ failing: ['getDefaults'] })],
  play: async ({ loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Create tenant' }));
    await waitFor(() => expect(loadedTenantsApi(loaded).requestsOf('getDefaults')).toHaveLength(1));
    await expect(dialog.getByRole('switch', { name: 'Dial In' })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Show normal sign-up' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Desktop client' })).toBeChecked();
    await expect(dialog.getByRole('combobox', { name: /^Default language/ })).toHaveValue('Platform default');
    await expect(dialog.getByRole('textbox', { name: /^Max users/ })).toHaveValue('');
    await userEvent.click(dialog.getByRole('switch', { name: 'Dial Out' }));
    await fillRequired(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Tenant created successfully')).toBeInTheDocument();
    const sent = loadedTenantsApi(loaded).requestsOf('addTenant')[0]?.body as Record<string, unknown>;
    await expect(sent.dialOut).toBe(true);
    for (const field of ['dialIn', 'signupNormal', 'signupSocial', 'features', 'defaultLanguage', 'maxUsers']) await expect(sent).not.toHaveProperty(field);
  },
};

/** A subdomain another tenant has: the server's 409 shows under Subdomain and the dialog stays open. */
export const SubdomainTaken: Story = {
  args: { onClose: fn(), onCreated: fn() },
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Create tenant' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Tenant Name/ }), 'Acme');
    await expect(dialog.getByRole('textbox', { name: /^Subdomain/ })).toHaveValue('acme');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Tenant Admin Email/ }), 'ann@acme.example');
    await userEvent.type(dialog.getByRole('textbox', { name: /^First Name/ }), 'Ann');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Last Name/ }), 'Lee');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('This subdomain is already taken')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('addTenant')).toHaveLength(1);
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

/** Arabic: the catalog's words and validation texts, right to left. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [fakeTenantsApiLoader(), languageLoader('ar')],
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'إنشاء مستأجر' });
    const form = within(dialog);
    await expect(form.getByRole('radio', { name: 'إنشاء تلقائي' })).toBeChecked();
    await userEvent.click(form.getByRole('button', { name: 'إنشاء' }));
    await expect(await form.findByText('أدخل نطاقًا فرعيًا صالحًا')).toBeInTheDocument();
    await expect(form.getByText('أدخل بريدًا إلكترونيًا صالحًا')).toBeInTheDocument();
    await expect(dialog.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    await expect(form.getByRole('textbox', { name: /^النطاق الفرعي/ }).closest('[dir]')).toHaveAttribute('dir', 'ltr');
  },
};
