import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { fakeSystemTenant, fakeTenant, fakeTenantRoles, fakeTenantsApiLoader, findLoadedTable, languageLoader, loadedTenantsApi, tableRowOf, withAdminProviders, withMemoryRouter, type FakeTenantsApiOptions } from '../../testing';
import { TenantRolesSection } from './tenant-roles-section';

const acme = fakeTenant(1, { sname: 'acme', name: 'Acme', brandname: 'Acme Meet' });
const [acmeAdmin, acmeMember] = fakeTenantRoles(acme.id);
const acmeRoles = [
  acmeAdmin!,
  acmeMember!,
  { ...acmeMember!, id: `${acme.id.slice(0, -8)}0000a003`, name: 'support', description: 'Helpdesk', status: 'disabled' as const, builtIn: false, userCount: 4, editable: true },
];
const apiLoader = (options: FakeTenantsApiOptions = {}) => fakeTenantsApiLoader({ tenants: structuredClone([fakeSystemTenant, acme]), tenantRoles: { [acme.id]: acmeRoles }, ...options });

const meta = {
  title: 'Tenants/Tenants/TenantRolesSection',
  component: TenantRolesSection,
  decorators: [withMemoryRouter, withAdminProviders],
  args: { tenantId: acme.id, own: false },
  loaders: [apiLoader()],
} satisfies Meta<typeof TenantRolesSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Another tenant's roles, read only: status, holders and the built-in marker; no link to manage them. */
export const OtherTenant: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await findLoadedTable(canvasElement, 'Roles');
    for (const header of ['Role name', 'Description', 'Status', 'Users']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(table.getAllByRole('row')).toHaveLength(4);
    const admin = tableRowOf(table, 'Tenant administrators');
    await expect(admin.getByText('Built-in')).toBeInTheDocument();
    await expect(admin.getByText('Enabled')).toBeInTheDocument();
    await expect(admin.getByRole('cell', { name: '1' })).toBeInTheDocument();
    const support = tableRowOf(table, 'Helpdesk');
    await expect(support.queryByText('Built-in')).toBeNull();
    await expect(support.getByText('Disabled')).toBeInTheDocument();
    await expect(support.getByRole('cell', { name: '4' })).toBeInTheDocument();
    await expect(table.queryByRole('button')).toBeNull();
    await expect(within(canvasElement).queryByRole('link', { name: 'Manage roles' })).toBeNull();
    const [request] = loadedTenantsApi(loaded).requestsOf('getTenantRoles');
    await expect(request?.path).toBe(`/tenants/${acme.id}/roles`);
  },
};

/** The caller's own tenant links to the Roles screen, where its roles are changed. */
export const OwnTenant: Story = {
  args: { own: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findLoadedTable(canvasElement, 'Roles');
    await userEvent.click(canvas.getByRole('link', { name: 'Manage roles' }));
    await expect(within(document.body).getByTestId('location')).toHaveTextContent('/Roles');
  },
};

/** A tenant without roles: the empty text. */
export const Empty: Story = {
  loaders: [apiLoader({ tenantRoles: { [acme.id]: [] } })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no roles!')).toBeInTheDocument();
  },
};

/** The list fails to load: the error with a retry. */
export const LoadFails: Story = {
  loaders: [apiLoader({ failing: ['getTenantRoles'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** In Arabic, right to left with the catalog's words. */
export const Arabic: Story = {
  args: { own: true },
  parameters: { language: 'ar' },
  loaders: [apiLoader(), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'الأدوار');
    await expect(table.getAllByText('مدمج')).toHaveLength(2);
    await expect(within(canvasElement).getByRole('link', { name: 'إدارة الأدوار' })).toBeInTheDocument();
    await expect(canvasElement.querySelector('table')?.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};
