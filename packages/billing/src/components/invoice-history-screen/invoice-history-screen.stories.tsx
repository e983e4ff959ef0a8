import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeInvoices, fakeInvoicesApiLoader, fakeTransactions, findLoadedTable, languageLoader, loadedInvoicesApi, tableRowOf, withAdminProviders, type FakeInvoicesApiOptions } from '../../testing';
import { InvoiceHistoryScreen } from './invoice-history-screen';

const apiLoader = (options: FakeInvoicesApiOptions = {}) => fakeInvoicesApiLoader({ invoices: fakeInvoices(30), payments: fakeTransactions(3), ...options });

const meta = {
  title: 'Billing/InvoiceHistoryScreen',
  component: InvoiceHistoryScreen,
  decorators: [withAdminProviders],
  loaders: [apiLoader()],
} satisfies Meta<typeof InvoiceHistoryScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The spec's invoice and transaction columns, the receipt only for a paid invoice, the next page by cursor. */
export const History: Story = {
  play: async ({ canvasElement, loaded }) => {
    const invoices = await findLoadedTable(canvasElement, 'Invoices');
    for (const header of ['Invoice', 'Invoice Date', 'Amount', 'Status', 'Receipt']) {
      await expect(invoices.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const open = tableRowOf(invoices, 'INV-000100');
    await expect(open.getByText('Open')).toBeInTheDocument();
    await expect(open.getByRole('button', { name: 'Receipt of INV-000100' })).toBeDisabled();
    const paid = tableRowOf(invoices, 'INV-000099');
    await expect(paid.getByRole('cell', { name: '$600.00' })).toBeInTheDocument();
    await userEvent.click(paid.getByRole('button', { name: 'Receipt of INV-000099' }));
    const api = loadedInvoicesApi(loaded);
    await waitFor(() => expect(api.requestsOf('downloadReceipt')).toHaveLength(1));
    await userEvent.click(paid.getByRole('button', { name: 'Download invoice INV-000099' }));
    await waitFor(() => expect(api.requestsOf('downloadInvoice')).toHaveLength(1));
    const transactions = await findLoadedTable(canvasElement, 'Transactions');
    for (const header of ['Transaction Id', 'Mode', 'Date', 'Amount', 'Status', 'Remarks']) {
      await expect(transactions.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await userEvent.click(within(canvasElement).getAllByRole('button', { name: 'Next page' })[0]!);
    await waitFor(() => expect(invoices.getAllByRole('row')).toHaveLength(6));
  },
};

/** Filter sends the chosen days and search; an End Date before the Start Date is refused with the spec text. */
export const Filtered: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await findLoadedTable(canvasElement, 'Invoices');
    await userEvent.type(canvas.getByLabelText('Start Date'), '2025-02-01');
    await userEvent.type(canvas.getByLabelText('End Date'), '2025-01-01');
    await expect(await canvas.findByText('Cannot Choose a Pre-Date for End Date')).toBeInTheDocument();
    const api = loadedInvoicesApi(loaded);
    const before = api.requestsOf('getInvoices').length;
    await userEvent.click(canvas.getByRole('button', { name: 'Filter' }));
    await expect(api.requestsOf('getInvoices')).toHaveLength(before);
    await userEvent.clear(canvas.getByLabelText('End Date'));
    await userEvent.type(canvas.getByLabelText('End Date'), '2025-03-31');
    await userEvent.type(canvas.getByLabelText('Search'), '000099');
    await userEvent.click(canvas.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.requestsOf('getInvoices').at(-1)?.query.get('q')).toBe('000099'));
    await expect(api.requestsOf('getInvoices').at(-1)?.query.get('from')).toMatch(/^2025-0[12]-\d\dT/);
    const invoices = await findLoadedTable(canvasElement, 'Invoices');
    await waitFor(() => expect(invoices.getAllByRole('row')).toHaveLength(2));
  },
};

/** A tenant without invoices: the spec's empty text. */
export const Empty: Story = {
  loaders: [apiLoader({ invoices: [], payments: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no invoice history!')).toBeInTheDocument();
    await expect(await within(canvasElement).findByText('There are no transactions!')).toBeInTheDocument();
  },
};

/** The invoices fail to load: the error with a retry. */
export const LoadFails: Story = {
  loaders: [apiLoader({ failing: ['getInvoices'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  },
};

/** The platform super administrator: every tenant's invoices, and Record payment for an open one. */
export const PlatformRecordsPayment: Story = {
  loaders: [apiLoader({ role: 'superadmin' })],
  play: async ({ canvasElement, loaded }) => {
    const invoices = await findLoadedTable(canvasElement, 'Invoices');
    await waitFor(() => expect(invoices.getByRole('columnheader', { name: 'Tenant Name' })).toBeInTheDocument());
    await userEvent.click(tableRowOf(invoices, 'INV-000100').getByRole('button', { name: 'Record payment' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(dialog.getByText(/Record the bank transfer of \$600\.00 that pays invoice INV-000100/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Yes' }));
    await expect(await within(document.body).findByText('Payment recorded for invoice INV-000100')).toBeInTheDocument();
    await expect(loadedInvoicesApi(loaded).requestsOf('manuelPay')).toHaveLength(1);
    await waitFor(() => expect(tableRowOf(invoices, 'INV-000100').getByText('Paid')).toBeInTheDocument());
  },
};

/** In French, amounts and words from the catalog. */
export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [apiLoader(), languageLoader('fr')],
  play: async ({ canvasElement }) => {
    const invoices = await findLoadedTable(canvasElement, 'Factures');
    await expect(tableRowOf(invoices, 'INV-000099').getByRole('cell', { name: /^600,00\s\$US$/ })).toBeInTheDocument();
    await expect(invoices.getByRole('columnheader', { name: 'Date de facture' })).toBeInTheDocument();
  },
};

/** In Arabic, right to left. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [apiLoader(), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const invoices = await findLoadedTable(canvasElement, 'الفواتير');
    await expect(invoices.getByRole('columnheader', { name: 'تاريخ الفاتورة' })).toBeInTheDocument();
    await expect(canvasElement.querySelector('table')?.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};

/** In Uzbek. */
export const Uzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [apiLoader(), languageLoader('uz')],
  play: async ({ canvasElement }) => {
    const invoices = await findLoadedTable(canvasElement, 'Hisob-fakturalar');
    await expect(invoices.getByRole('columnheader', { name: 'Hisob-faktura sanasi' })).toBeInTheDocument();
  },
};
