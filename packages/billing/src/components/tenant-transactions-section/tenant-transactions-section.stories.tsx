import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeBillingApiLoader, fakeTransactions, findLoadedTable, languageLoader, loadedBillingApi, tableRowOf, withAdminProviders, type FakeBillingApiOptions } from '../../testing';
import { TenantTransactionsSection } from './tenant-transactions-section';

const acme = { id: '00000000-0000-4000-8000-000000000001' };
const apiLoader = (options: FakeBillingApiOptions = {}) =>
  fakeBillingApiLoader({ transactions: { [acme.id]: fakeTransactions(30) }, ...options });

const meta = {
  title: 'Billing/TenantTransactionsSection',
  component: TenantTransactionsSection,
  decorators: [withAdminProviders],
  args: { tenantId: acme.id },
  loaders: [apiLoader()],
} satisfies Meta<typeof TenantTransactionsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The spec's columns, the amount in the currency, a declined payment with its remark, and the next page by cursor. */
export const Transactions: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await findLoadedTable(canvasElement, 'Transactions');
    for (const header of ['Transaction Id', 'Mode', 'Date', 'Amount', 'Status', 'Remarks']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(table.getAllByRole('row')).toHaveLength(26);
    const declined = tableRowOf(table, 'pi_0002');
    await expect(declined.getByText('Failed')).toBeInTheDocument();
    await expect(declined.getByRole('cell', { name: 'Card declined' })).toBeInTheDocument();
    await expect(declined.getByRole('cell', { name: '$600.00' })).toBeInTheDocument();
    await expect(tableRowOf(table, 'pi_0003').getByRole('cell', { name: 'Bank transfer' })).toBeInTheDocument();
    await expect(tableRowOf(table, 'pi_0001').getByText('Succeeded')).toBeInTheDocument();

    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(6));
    await expect(table.getByRole('cell', { name: 'pi_0030' })).toBeInTheDocument();
    const requests = loadedBillingApi(loaded).requestsOf('getTenantTransactions');
    await expect(requests.at(-1)?.query.get('cursor')).toBe('offset:25');
    await expect(requests.at(-1)?.path).toBe(`/tenants/${acme.id}/transactions`);
  },
};

/** A tenant without payments: the spec's empty text. */
export const Empty: Story = {
  loaders: [apiLoader({ transactions: { [acme.id]: [] } })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no transactions!')).toBeInTheDocument();
  },
};

/** The list fails to load: the error with a retry. */
export const LoadFails: Story = {
  loaders: [apiLoader({ failing: ['getTenantTransactions'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** In French, the amount written the French way and the words from the catalog. */
export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [apiLoader(), languageLoader('fr')],
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Transactions');
    const declined = tableRowOf(table, 'pi_0002');
    await expect(declined.getByText('Échoué')).toBeInTheDocument();
    await expect(declined.getByRole('cell', { name: /^600,00\s\$US$/ })).toBeInTheDocument();
    await expect(table.getByRole('columnheader', { name: 'Remarques' })).toBeInTheDocument();
  },
};

/** In Arabic, right to left with the catalog's words. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [apiLoader(), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'المعاملات');
    await expect(table.getByRole('columnheader', { name: 'ملاحظات' })).toBeInTheDocument();
    await expect(tableRowOf(table, 'pi_0002').getByText('فشل')).toBeInTheDocument();
    await expect(canvasElement.querySelector('table')?.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};
