import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeSystemTenant, fakeTenant, fakeTenantsApiLoader, languageLoader, loadedTenantsApi, withAdminProviders } from '../../testing';
import { TenantDetailsForm } from './tenant-details-form';

const acme = fakeTenant(1, { sname: 'acme', name: 'Acme', brandname: 'Acme Meet', address: '1 Main Street' });
const globex = fakeTenant(2, { sname: 'globex', name: 'Globex' });
const tenants = [fakeSystemTenant, acme, globex];

const meta = {
  title: 'Tenants/Tenants/TenantDetailsForm',
  component: TenantDetailsForm,
  decorators: [withAdminProviders],
  args: { tenant: acme, platformAdmin: true },
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants) })],
} satisfies Meta<typeof TenantDetailsForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/**
 * The platform administrator edits the stored details: Save waits for a change, an invalid
 * subdomain gets the spec's 'Enter a valid subdomain', an empty name 'This field is required'.
 */
export const PlatformAdminEdit: Story = {
  play: async ({ canvasElement, loaded }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Tenant' }));
    const name = form.getByRole('textbox', { name: /^Tenant Name/ });
    const subdomain = form.getByRole('textbox', { name: /^Subdomain/ });
    await expect(name).toHaveValue('Acme');
    await expect(subdomain).toHaveValue('acme');
    await expect(form.getByRole('textbox', { name: /^Address/ })).toHaveValue('1 Main Street');
    await expect(form.getByRole('switch', { name: /^Account active/ })).toBeChecked();
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.clear(name);
    await userEvent.clear(subdomain);
    await userEvent.type(subdomain, 'Acme!');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await form.findByText('Enter a valid subdomain')).toBeInTheDocument();
    await expect(form.getByText('This field is required')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenant')).toHaveLength(0);

    await userEvent.type(name, 'Acme Corp');
    await userEvent.clear(subdomain);
    await userEvent.type(subdomain, 'acme-corp');
    await userEvent.click(form.getByRole('switch', { name: /^Account active/ }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Tenant edited successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenant')[0]?.body).toEqual({
      name: 'Acme Corp',
      brandname: 'Acme Meet',
      country: 'FR',
      address: '1 Main Street',
      sname: 'acme-corp',
      status: 'disabled',
    });
    await waitFor(() => expect(form.getByRole('button', { name: 'Save' })).toBeDisabled());
  },
};

/** Another tenant's subdomain: the server's 409 shows under Subdomain. */
export const SubdomainTaken: Story = {
  play: async ({ canvasElement, loaded }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Tenant' }));
    const subdomain = form.getByRole('textbox', { name: /^Subdomain/ });
    await userEvent.clear(subdomain);
    await userEvent.type(subdomain, 'globex');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await form.findByText('This subdomain is already taken')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenant')).toHaveLength(1);
    await expect(body().queryByText('Tenant edited successfully')).toBeNull();
  },
};

/** A tenant administrator edits its own tenant; the subdomain and status are shown but not sent. */
export const TenantAdministrator: Story = {
  args: { platformAdmin: false },
  loaders: [fakeTenantsApiLoader({ tenants: [structuredClone(acme)], as: 'tenantadmin' })],
  play: async ({ canvasElement, loaded }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Tenant' }));
    await expect(form.getByRole('textbox', { name: /^Subdomain/ })).toBeDisabled();
    await expect(form.getByRole('switch', { name: /^Account active/ })).toBeDisabled();
    const brand = form.getByRole('textbox', { name: /^Brand name/ });
    await userEvent.clear(brand);
    await userEvent.type(brand, 'Acme Video');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Tenant edited successfully')).toBeInTheDocument();
    const sent = loadedTenantsApi(loaded).requestsOf('updateTenant')[0]?.body as Record<string, unknown>;
    await expect(sent).toMatchObject({ name: 'Acme', brandname: 'Acme Video' });
    await expect(sent).not.toHaveProperty('sname');
    await expect(sent).not.toHaveProperty('status');
  },
};

/** Arabic: the catalog's words and the subdomain rule's text, right to left. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants) }), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const formElement = await within(canvasElement).findByRole('form', { name: 'المستأجر' });
    const form = within(formElement);
    const subdomain = form.getByRole('textbox', { name: /^النطاق الفرعي/ });
    await userEvent.clear(subdomain);
    await userEvent.type(subdomain, 'www');
    await userEvent.click(form.getByRole('button', { name: 'حفظ' }));
    await expect(await form.findByText('أدخل نطاقًا فرعيًا صالحًا')).toBeInTheDocument();
    await expect(form.getByRole('switch', { name: /^الحساب نشط/ })).toBeChecked();
    await expect(formElement.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};
