import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fakeSsoProvider, fakeSystemTenant, fakeTenant, fakeTenantRoles, fakeTenantsApiLoader, loadedTenantsApi, withAdminProviders } from '../../testing';
import { SsoProviderDialog } from './sso-provider-dialog';

const corporate = fakeSsoProvider(1, {
  name: 'Corporate',
  issuer: 'https://login.corp.example',
  clientId: 'portal',
  hasSecret: true,
  roleMapping: { claim: 'groups', values: { 'portal-admins': 'admin' } },
});

const meta = {
  title: 'Tenants/Tenants/SsoProviderDialog',
  component: SsoProviderDialog,
  decorators: [withAdminProviders],
  loaders: [fakeTenantsApiLoader({ sso: [corporate] })],
  args: { opened: true, onClose: fn() },
} satisfies Meta<typeof SsoProviderDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

async function pasteInto(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function findDialog(name: string) {
  return within(await body().findByRole('dialog', { name }));
}

/** Nothing is sent until the required fields are there and the issuer is an https URL. */
export const Validation: Story = {
  args: { onClose: fn() },
  play: async ({ args, loaded }) => {
    const dialog = await findDialog('Create provider');
    await expect(dialog.getByRole('textbox', { name: /^Scopes/ })).toHaveValue('openid email profile');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findAllByText('This field is required')).toHaveLength(2);
    await expect(dialog.getByText('Enter a valid URL')).toBeInTheDocument();

    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Intranet');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Issuer URL/ }), 'http://login.intranet.example');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Client ID/ }), 'portal');
    const scopes = dialog.getByRole('textbox', { name: /^Scopes/ });
    await userEvent.clear(scopes);
    await userEvent.type(scopes, 'email profile');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('Enter a valid URL')).toBeInTheDocument();
    await expect(dialog.getByText('The scopes must include openid')).toBeInTheDocument();
    await expect(dialog.queryByText('This field is required')).toBeNull();
    await expect(loadedTenantsApi(loaded).requestsOf('addTenantSSO')).toHaveLength(0);
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Every field of the contract, sent as typed: kind, secret, scopes, a role mapping and the status. */
export const Create: Story = {
  args: { onClose: fn() },
  play: async ({ args, loaded }) => {
    const dialog = await findDialog('Create provider');
    // Long values pasted rather than typed key by key, so the story stays quick on a loaded machine.
    await pasteInto(dialog.getByRole('textbox', { name: /^Name/ }), '  Google Workspace ');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Sign-in button' }));
    await userEvent.click(await body().findByRole('option', { name: 'Google' }));
    await pasteInto(dialog.getByRole('textbox', { name: /^Issuer URL/ }), 'https://accounts.google.com');
    await pasteInto(dialog.getByRole('textbox', { name: /^Client ID/ }), 'portal-123.apps.googleusercontent.com');
    await pasteInto(dialog.getByLabelText(/^Client secret/), 'G0ogle-Secret');
    const scopes = dialog.getByRole('textbox', { name: /^Scopes/ });
    await userEvent.clear(scopes);
    await pasteInto(scopes, 'openid  email');
    const mapping = within(dialog.getByRole('group', { name: 'Role mapping' }));
    await userEvent.click(mapping.getByRole('button', { name: 'Add mapping' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await mapping.findAllByText('This field is required')).toHaveLength(3);

    await pasteInto(mapping.getByRole('textbox', { name: /^Claim$/ }), 'groups');
    await pasteInto(mapping.getByRole('textbox', { name: /^Claim value/ }), 'portal-admins');
    await userEvent.type(mapping.getByRole('combobox', { name: /^Role/ }), 'admin');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Enabled' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Provider created successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('addTenantSSO')[0]?.body).toEqual({
      name: 'Google Workspace',
      kind: 'google',
      issuer: 'https://accounts.google.com',
      clientId: 'portal-123.apps.googleusercontent.com',
      clientSecret: 'G0ogle-Secret',
      scopes: 'openid email',
      roleMapping: { claim: 'groups', values: { 'portal-admins': 'admin' } },
      status: 'disabled',
    });
    await waitFor(() => expect(args.onClose).toHaveBeenCalledOnce());
  },
};

const acme = fakeTenant(1, { sname: 'acme', name: 'Acme' });
const [acmeAdmin, acmeMember] = fakeTenantRoles(acme.id);
const acmeSupport = { ...acmeMember!, id: `${acme.id.slice(0, -8)}0000a003`, name: 'support', status: 'disabled' as const, builtIn: false };

/**
 * Another tenant's provider (the platform administrator's): created through the operation naming
 * the tenant, with that tenant's enabled roles as the mapping's suggestions.
 */
export const OtherTenant: Story = {
  args: { tenantId: acme.id, onClose: fn() },
  loaders: [fakeTenantsApiLoader({ tenants: [fakeSystemTenant, acme], tenantRoles: { [acme.id]: [acmeAdmin!, acmeMember!, acmeSupport] } })],
  play: async ({ args, loaded }) => {
    const dialog = await findDialog('Create provider');
    await pasteInto(dialog.getByRole('textbox', { name: /^Name/ }), 'Acme login');
    await pasteInto(dialog.getByRole('textbox', { name: /^Issuer URL/ }), 'https://login.acme.example');
    await pasteInto(dialog.getByRole('textbox', { name: /^Client ID/ }), 'meet');
    const mapping = within(dialog.getByRole('group', { name: 'Role mapping' }));
    await userEvent.click(mapping.getByRole('button', { name: 'Add mapping' }));
    await pasteInto(mapping.getByRole('textbox', { name: /^Claim$/ }), 'groups');
    await pasteInto(mapping.getByRole('textbox', { name: /^Claim value/ }), 'staff');
    await userEvent.click(mapping.getByRole('combobox', { name: /^Role/ }));
    await expect(await body().findByRole('option', { name: 'member' })).toBeInTheDocument();
    await expect(body().getByRole('option', { name: 'admin' })).toBeInTheDocument();
    await expect(body().queryByRole('option', { name: 'support' })).toBeNull();
    await userEvent.click(body().getByRole('option', { name: 'member' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Provider created successfully')).toBeInTheDocument();
    const api = loadedTenantsApi(loaded);
    const [post] = api.requestsOf('addTenantSsoProvider');
    await expect(post?.path).toBe(`/tenants/${acme.id}/sso`);
    await expect(post?.body).toMatchObject({ name: 'Acme login', roleMapping: { claim: 'groups', values: { staff: 'member' } } });
    await expect(api.requestsOf('addTenantSSO')).toHaveLength(0);
    await expect(api.requestsOf('getUserRoles')).toHaveLength(0);
    await expect(api.tenantSso[acme.id]?.map((provider) => provider.name)).toEqual(['Acme login']);
    await waitFor(() => expect(args.onClose).toHaveBeenCalledOnce());
  },
};

/** Editing: the stored values, the secret write-only and kept when left empty. */
export const EditKeepsSecret: Story = {
  args: { provider: corporate, onClose: fn() },
  play: async ({ args, loaded }) => {
    const dialog = await findDialog('Edit provider');
    await expect(dialog.getByRole('textbox', { name: /^Issuer URL/ })).toHaveValue('https://login.corp.example');
    await expect(dialog.getByLabelText(/^Client secret/)).toHaveValue('');
    await expect(dialog.getByText('A client secret is stored; leave empty to keep it.')).toBeInTheDocument();
    await expect(dialog.getByRole('textbox', { name: /^Claim value/ })).toHaveValue('portal-admins');
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Corporate login');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Provider edited successfully')).toBeInTheDocument();
    const [patch] = loadedTenantsApi(loaded).requestsOf('updateTenantSSO');
    await expect(patch?.path).toBe(`/tenant/sso/${corporate.id}`);
    await expect(patch?.body).toEqual({
      name: 'Corporate login',
      kind: 'oidc',
      issuer: 'https://login.corp.example',
      clientId: 'portal',
      scopes: 'openid email profile',
      roleMapping: { claim: 'groups', values: { 'portal-admins': 'admin' } },
      status: 'enabled',
    });
    await expect(patch?.body).not.toHaveProperty('clientSecret');
    await waitFor(() => expect(args.onClose).toHaveBeenCalledOnce());
  },
};

/** A typed secret replaces the stored one; "Remove the stored client secret" sends null. */
export const ReplaceOrRemoveSecret: Story = {
  args: { provider: corporate },
  play: async ({ loaded }) => {
    const dialog = await findDialog('Edit provider');
    const secret = dialog.getByLabelText(/^Client secret/);
    await userEvent.type(secret, 'N3w-Secret');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Remove the stored client secret' }));
    await expect(secret).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Provider edited successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenantSSO')[0]?.body).toMatchObject({ clientSecret: null });
  },
};

/** The server's refusals land under their fields: a taken name, a role the tenant does not have. */
export const ServerFieldErrors: Story = {
  args: { onClose: fn() },
  play: async ({ args, loaded }) => {
    const dialog = await findDialog('Create provider');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Corporate');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Issuer URL/ }), 'https://login.other.example');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Client ID/ }), 'portal');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('This name is already taken')).toBeInTheDocument();

    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Other');
    const mapping = within(dialog.getByRole('group', { name: 'Role mapping' }));
    await userEvent.type(mapping.getByRole('textbox', { name: /^Claim$/ }), 'roles');
    await userEvent.click(mapping.getByRole('button', { name: 'Add mapping' }));
    await userEvent.type(mapping.getByRole('textbox', { name: /^Claim value/ }), 'boss');
    await userEvent.type(mapping.getByRole('combobox', { name: /^Role/ }), 'owner');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await mapping.findByText('Choose a valid role')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('addTenantSSO')).toHaveLength(2);
    await expect(loadedTenantsApi(loaded).sso).toHaveLength(1);
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};
