import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeSystemTenant, fakeTenant, fakeTenantClient, fakeTenantsApiLoader, findLoadedTable, languageLoader, loadedTenantsApi, tableRowOf, withAdminProviders, type FakeTenantsApiOptions } from '../../testing';
import { TenantClientsSection } from './tenant-clients-section';

const acme = fakeTenant(1, { sname: 'acme', name: 'Acme', brandname: 'Acme Meet' });
// A fresh fake on every run: switching a client changes the list it holds.
const apiLoader = (options: FakeTenantsApiOptions = {}) => () => fakeTenantsApiLoader({ tenants: structuredClone([fakeSystemTenant, acme]), ...options })();

const meta = {
  title: 'Tenants/Tenants/TenantClientsSection',
  component: TenantClientsSection,
  decorators: [withAdminProviders],
  args: { tenantId: acme.id, kind: 'mobile' },
  loaders: [apiLoader()],
} satisfies Meta<typeof TenantClientsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The mobile apps with their versions; switching a disabled one on sends its new status. */
export const Mobile: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await findLoadedTable(canvasElement, 'Mobile Clients');
    for (const header of ['Name', 'Version', 'Min version', 'Max version', 'Status']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(table.getAllByRole('row')).toHaveLength(3);
    await expect(table.queryByRole('cell', { name: 'Windows' })).toBeNull();
    await expect(tableRowOf(table, 'Android').getByRole('cell', { name: '3.9.9' })).toBeInTheDocument();
    await expect(tableRowOf(table, 'iOS').getAllByRole('cell', { name: '—' })).toHaveLength(2);

    const ios = table.getByRole('switch', { name: 'Enable iOS' });
    await expect(ios).not.toBeChecked();
    await userEvent.click(ios);
    await expect(await body().findByText('Client edited successfully')).toBeInTheDocument();
    const [patch] = loadedTenantsApi(loaded).requestsOf('updateTenantClient');
    await expect(patch?.method).toBe('PATCH');
    await expect(patch?.path).toBe(`/tenants/${acme.id}/clients/${fakeTenantClient(3).id}`);
    await expect(patch?.body).toEqual({ status: 'enabled' });
    await waitFor(() => expect(table.getByRole('switch', { name: 'Enable iOS' })).toBeChecked());
  },
};

/** The desktop apps; switching one off. */
export const Desktop: Story = {
  args: { kind: 'desktop' },
  play: async ({ canvasElement, loaded }) => {
    const table = await findLoadedTable(canvasElement, 'Desktop Clients');
    await expect(table.getByRole('cell', { name: 'macOS' })).toBeInTheDocument();
    await expect(table.queryByRole('cell', { name: 'Android' })).toBeNull();
    await userEvent.click(table.getByRole('switch', { name: 'Enable Windows' }));
    await expect(await body().findByText('Client edited successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenantClient')[0]?.body).toEqual({ status: 'disabled' });
    await waitFor(() => expect(table.getByRole('switch', { name: 'Enable Windows' })).not.toBeChecked());
  },
};

/** A tenant without apps of that kind: the spec's empty text. */
export const Empty: Story = {
  loaders: [apiLoader({ tenantClients: { [acme.id]: [fakeTenantClient(1, { name: 'Web portal', kind: 'web' })] } })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no clients!')).toBeInTheDocument();
  },
};

/** A refused change keeps the switch as it was and says why. */
export const UpdateFails: Story = {
  loaders: [apiLoader({ failing: ['updateTenantClient'] })],
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Mobile Clients');
    await userEvent.click(table.getByRole('switch', { name: 'Enable Android' }));
    await expect(await body().findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(table.getByRole('switch', { name: 'Enable Android' })).toBeChecked();
  },
};

/** Without `tenant.client.update` the switches show the status but cannot change it. */
export const ReadOnly: Story = {
  loaders: [apiLoader({ permissions: ['tenant.client.get'] })],
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Mobile Clients');
    await expect(table.getByRole('switch', { name: 'Enable Android' })).toBeDisabled();
    await expect(table.getByRole('switch', { name: 'Enable Android' })).toBeChecked();
  },
};

/** In Arabic, right to left with the catalog's words. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [apiLoader(), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'عملاء الجوال');
    await expect(table.getByRole('columnheader', { name: 'الإصدار' })).toBeInTheDocument();
    await expect(table.getByRole('switch', { name: 'تفعيل Android' })).toBeChecked();
    await expect(canvasElement.querySelector('table')?.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};
