import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeBillingSubscription, fakePlan, fakeProduct, fakeSubscriptionsApiLoader, findLoadedTable, languageLoader, loadedSubscriptionsApi, tableRowOf, withAdminProviders, type FakeSubscriptionsApiOptions } from '../../testing';
import { SubscriptionsScreen } from './subscriptions-screen';

const pending = fakeBillingSubscription({ id: '00000000-0000-4000-8000-000000006101', plan: 'Starter', licenses: 3, status: 'pending', currentPeriodStart: null, currentPeriodEnd: null, nextInvoiceDate: null, nextInvoiceAmount: 1500, openInvoiceId: '00000000-0000-4000-8000-000000007001' });
const enterprise = fakePlan(3, fakeProduct(1, { name: 'Meeting' }), { name: 'Enterprise', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 2_400 }] });
const apiLoader = (options: FakeSubscriptionsApiOptions = {}) => fakeSubscriptionsApiLoader({ subscriptions: [fakeBillingSubscription(), pending], plans: [enterprise], ...options });

const meta = {
  title: 'Billing/SubscriptionsScreen',
  component: SubscriptionsScreen,
  decorators: [withAdminProviders],
  args: { state: 'current' },
  loaders: [apiLoader()],
} satisfies Meta<typeof SubscriptionsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Current plans with the spec's columns; Edit Plan shows the prorated price before it is saved. */
export const CurrentPlans: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await findLoadedTable(canvasElement, 'Current Plans');
    for (const header of ['Product', 'Plan', 'License', 'Billing cycle', 'Status', 'Subscription Effective Date', 'Next Invoice Date', 'Next Invoice Amount']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = tableRowOf(table, 'Business');
    await expect(row.getByRole('cell', { name: '$120.00' })).toBeInTheDocument();
    await expect(table.queryByText('Starter')).toBeNull();
    await userEvent.click(row.getByRole('button', { name: 'Edit Plan' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    const licences = dialog.getByLabelText('License');
    await userEvent.clear(licences);
    await userEvent.type(licences, '20');
    await expect(await dialog.findByText(/Charged now: \$58\.07 for the 15 days left in this billing cycle/)).toBeInTheDocument();
    await expect(dialog.getByText('Next invoice amount: $240.00')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const api = loadedSubscriptionsApi(loaded);
    await waitFor(() => expect(api.requestsOf('editPurchasedPlan')).toHaveLength(1));
    await expect(api.requestsOf('editPurchasedPlan')[0]?.body).toEqual({ licenses: 20 });
  },
};

/** Another plan: its price for the rest of the cycle, less the unused part, shown before it is confirmed. */
export const ChangePlan: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await findLoadedTable(canvasElement, 'Current Plans');
    await userEvent.click(tableRowOf(table, 'Business').getByRole('button', { name: 'Edit Plan' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(await dialog.findByRole('combobox', { name: 'Plan' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Meeting · Enterprise' }));
    await expect(await dialog.findByText(/Charged now: \$58\.07 for the 15 days left/)).toBeInTheDocument();
    await expect(dialog.getByText('Next invoice amount: $240.00')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const api = loadedSubscriptionsApi(loaded);
    await waitFor(() => expect(api.requestsOf('changePlan')).toHaveLength(1));
    await expect(api.requestsOf('changePlan')[0]?.body).toEqual({ licenses: 10, billingCycle: 'monthly', planId: enterprise.id });
  },
};

/** Fewer licences: nothing charged now, from the cycle end. */
export const FewerLicences: Story = {
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Current Plans');
    await userEvent.click(tableRowOf(table, 'Business').getByRole('button', { name: 'Edit Plan' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.clear(dialog.getByLabelText('License'));
    await userEvent.type(dialog.getByLabelText('License'), '5');
    await expect(await dialog.findByText(/Nothing is charged now\..*at the end of the billing cycle, the next invoice amount is \$60\.00/)).toBeInTheDocument();
  },
};

/** Cancel asks first and says it happens at the end of the billing cycle. */
export const Cancel: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await findLoadedTable(canvasElement, 'Current Plans');
    await userEvent.click(tableRowOf(table, 'Business').getByRole('button', { name: 'Cancel' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(dialog.getByText(/It stays active until the end of the billing cycle/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Yes' }));
    await expect(await within(document.body).findByText('Subscription cancelled. It ends at the end of the billing cycle.')).toBeInTheDocument();
    await expect(loadedSubscriptionsApi(loaded).requestsOf('cancelPlan')).toHaveLength(1);
    await waitFor(() => expect(tableRowOf(table, 'Business').getByText('Ends at cycle end')).toBeInTheDocument());
  },
};

/** Pending plans: the purchase waiting for payment, cancelled after a confirmation. */
export const PendingPlans: Story = {
  args: { state: 'pending' },
  play: async ({ canvasElement, loaded }) => {
    const table = await findLoadedTable(canvasElement, 'Pending Plans');
    for (const header of ['License', 'Payment', 'Subscription Effective Date', 'Status', 'Next Invoice Date', 'Next Invoice Amount']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = tableRowOf(table, 'Starter');
    await expect(row.getByText('Pending')).toBeInTheDocument();
    await expect(row.getByRole('cell', { name: 'Bank transfer' })).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await within(document.body).findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(loadedSubscriptionsApi(loaded).requestsOf('deleteSubscription')).toHaveLength(1));
    await expect(await within(canvasElement).findByText('Currently no pending plans available!')).toBeInTheDocument();
  },
};

/** No plans: the spec's empty text. */
export const Empty: Story = {
  loaders: [apiLoader({ subscriptions: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No current plans available!')).toBeInTheDocument();
  },
};

/** The list fails to load: the error with a retry. */
export const LoadFails: Story = {
  loaders: [apiLoader({ failing: ['getSubscriptions'] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** In French. */
export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [apiLoader(), languageLoader('fr')],
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Plans actuels');
    await expect(tableRowOf(table, 'Business').getByRole('cell', { name: /^120,00\s\$US$/ })).toBeInTheDocument();
  },
};

/** In Arabic, right to left. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [apiLoader(), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    await findLoadedTable(canvasElement, 'الخطط الحالية');
    await expect(canvasElement.querySelector('table')?.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};

/** In Uzbek. */
export const Uzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [apiLoader(), languageLoader('uz')],
  play: async ({ canvasElement }) => {
    await findLoadedTable(canvasElement, 'Joriy tariflar');
  },
};
