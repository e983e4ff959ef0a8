import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeSystemTenant, fakeTenant, fakeTenantsApiLoader, fakeUsers, findLoadedTable, languageLoader, loadedTenantsApi, tableRowOf, withAdminProviders, withMemoryRouter, type FakeTenantsApiOptions } from '../../testing';
import { TenantUsersSection } from './tenant-users-section';

const acme = fakeTenant(1, { sname: 'acme', name: 'Acme', brandname: 'Acme Meet' });
const users = fakeUsers(30);
const [first, second] = [...users].sort((a, b) => a.email.localeCompare(b.email));
const apiLoader = (options: FakeTenantsApiOptions = {}) => fakeTenantsApiLoader({ tenants: structuredClone([fakeSystemTenant, acme]), tenantUsers: { [acme.id]: users }, ...options });

const meta = {
  title: 'Tenants/Tenants/TenantUsersSection',
  component: TenantUsersSection,
  decorators: [withMemoryRouter, withAdminProviders],
  args: { tenantId: acme.id, own: false },
  loaders: [apiLoader()],
} satisfies Meta<typeof TenantUsersSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Another tenant's users (the platform administrator's view), as on the Users screen, read only, paged on the server. */
export const OtherTenant: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const table = await findLoadedTable(canvasElement, 'Users');
    for (const header of ['Email', 'First Name', 'Last Name', 'Role', 'Status']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = tableRowOf(table, first!.email);
    await expect(row.getByRole('cell', { name: first!.roles.join(', ') })).toBeInTheDocument();
    await expect(table.getAllByRole('row')).toHaveLength(26);
    await expect(table.queryByRole('button', { name: 'Edit' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Manage the users of this tenant' })).toBeNull();
    const api = loadedTenantsApi(loaded);
    const [request] = api.requestsOf('getTenantUsers');
    await expect(request?.path).toBe(`/tenants/${acme.id}/users`);
    await expect(Object.fromEntries(request?.query ?? [])).toEqual({ limit: '25', sort: 'email' });

    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(api.requestsOf('getTenantUsers').at(-1)?.query.get('cursor')).toBe('offset:25'));
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(6));
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

/** Sorting and searching go to the server with the Users screen's parameters. */
export const SortAndSearch: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const api = loadedTenantsApi(loaded);
    const table = await findLoadedTable(canvasElement, 'Users');
    await userEvent.click(table.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(api.requestsOf('getTenantUsers').at(-1)?.query.get('sort')).toBe('-email'));
    await userEvent.type(canvas.getByRole('searchbox'), second!.email);
    await waitFor(() => expect(api.requestsOf('getTenantUsers').at(-1)?.query.get('q')).toBe(second!.email));
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(2));
    await expect(table.getByRole('cell', { name: second!.email })).toBeInTheDocument();
  },
};

/** A search that matches nobody: the list's no-results text. */
export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findLoadedTable(canvasElement, 'Users');
    await userEvent.type(canvas.getByRole('searchbox'), 'nobody-here');
    await expect(await canvas.findByText('No results..')).toBeInTheDocument();
  },
};

/** The caller's own tenant links to the Users screen, where its users are changed. */
export const OwnTenant: Story = {
  args: { tenantId: fakeSystemTenant.id, own: true },
  loaders: [apiLoader({ tenantUsers: { [fakeSystemTenant.id]: users.slice(0, 3) } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await findLoadedTable(canvasElement, 'Users');
    await expect(table.getAllByRole('row')).toHaveLength(4);
    await userEvent.click(canvas.getByRole('link', { name: 'Manage the users of this tenant' }));
    await expect(within(document.body).getByTestId('location')).toHaveTextContent('/user');
  },
};

/** A tenant without users: the spec's empty text. */
export const Empty: Story = {
  loaders: [apiLoader({ tenantUsers: { [acme.id]: [] } })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no users!')).toBeInTheDocument();
  },
};

/** The list fails to load: the error with a retry. */
export const LoadFails: Story = {
  loaders: [apiLoader({ failing: ['getTenantUsers'] })],
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
  loaders: [apiLoader({ tenantUsers: { [acme.id]: [] } }), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('لا يوجد مستخدمون!')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'إدارة مستخدمي هذا المستأجر' })).toBeInTheDocument();
    await expect(canvasElement.querySelector('table')?.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};
