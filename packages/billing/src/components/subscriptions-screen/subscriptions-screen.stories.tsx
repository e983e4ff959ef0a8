import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeBillingSubscription, fakePlan, fakeProduct, fakeSubscriptionsApiLoader, findLoadedTable, languageLoader, loadedSubscriptionsApi, tableRowOf, withAdminProviders, withCatalogueRouter, type FakeSubscriptionsApiOptions } from '../../testing';
import { SubscriptionsScreen } from './subscriptions-screen';

const pending = fakeBillingSubscription({ id: '00000000-0000-4000-8000-000000006101', plan: 'Starter', licenses: 3, status: 'pending', currentPeriodStart: null, currentPeriodEnd: null, nextInvoiceDate: null, nextInvoiceAmount: 1500, openInvoiceId: '00000000-0000-4000-8000-000000007001' });
const enterprise = fakePlan(3, fakeProduct(1, { name: 'Meeting' }), { name: 'Enterprise', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 2_400 }] });
const current = fakeBillingSubscription({ bundles: [{ planId: '00000000-0000-4000-8000-000000001004', product: 'Storage bundle', plan: 'Cloud storage 1 TB', unitAmount: 300 }] });
const apiLoader = (options: FakeSubscriptionsApiOptions = {}) => fakeSubscriptionsApiLoader({ subscriptions: [current, pending], plans: [enterprise], ...options });

const meta = {
  title: 'Billing/SubscriptionsScreen',
  component: SubscriptionsScreen,
  decorators: [withCatalogueRouter, withAdminProviders],
  parameters: { route: '/billing/plan' },
  args: { state: 'current' },
  loaders: [apiLoader()],
} satisfies Meta<typeof SubscriptionsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Current plans with the spec's columns; Edit Plan and Change Plan open their own pages for the row's subscription. */
export const CurrentPlans: Story = {
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Current Plans');
    for (const header of ['Product', 'Plan', 'Bundles', 'License', 'Billing cycle', 'Status', 'Subscription Effective Date', 'Next Invoice Date', 'Next Invoice Amount']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = tableRowOf(table, 'Business');
    await expect(row.getByRole('cell', { name: '$120.00' })).toBeInTheDocument();
    await expect(row.getByRole('cell', { name: 'Cloud storage 1 TB' })).toBeInTheDocument();
    await expect(table.queryByText('Starter')).toBeNull();
    await userEvent.click(row.getByRole('button', { name: 'Edit Plan' }));
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent(`/edit-plan?subscription=${current.id}`);
  },
};

/** Purchase new plan (spec 'Current plans') opens the plans on sale, where a purchase starts. */
export const PurchaseNewPlan: Story = {
  play: async ({ canvasElement }) => {
    await findLoadedTable(canvasElement, 'Current Plans');
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Purchase new plan' }));
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent('/select-plans');
  },
};

const changing = fakeBillingSubscription({ id: '00000000-0000-4000-8000-000000006102', plan: 'Enterprise', openInvoiceId: '00000000-0000-4000-8000-000000007002' });

/** Pay (spec 'Current plans'): a change's invoice waits for payment; by bank transfer the processing page says which invoice to quote. */
export const Pay: Story = {
  loaders: [apiLoader({ subscriptions: [current, changing] })],
  play: async ({ canvasElement, loaded }) => {
    const table = await findLoadedTable(canvasElement, 'Current Plans');
    await expect(tableRowOf(table, 'Business').queryByRole('button', { name: 'Pay' })).toBeNull();
    await userEvent.click(tableRowOf(table, 'Enterprise').getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(loadedSubscriptionsApi(loaded).requestsOf('payInvoice').map((request) => request.path)).toEqual([`/api/v1/billing/invoices/${changing.openInvoiceId}/payment`]));
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent(`/payment-processing?invoice=${changing.openInvoiceId}&number=INV-000044`);
  },
};

/** Pay of an invoice paid meanwhile: says so, and stays on Current plans. */
export const PayRefused: Story = {
  loaders: [apiLoader({ subscriptions: [current, changing], failing: ['payInvoice'] })],
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Current Plans');
    await userEvent.click(tableRowOf(table, 'Enterprise').getByRole('button', { name: 'Pay' }));
    await expect(await within(document.body).findByText('This invoice no longer waits for payment.')).toBeInTheDocument();
    await expect(tableRowOf(table, 'Enterprise').getByRole('button', { name: 'Pay' })).toBeInTheDocument();
  },
};

/** Change Plan opens change-plan for the row's subscription. */
export const ChangePlan: Story = {
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Current Plans');
    await userEvent.click(tableRowOf(table, 'Business').getByRole('button', { name: 'Change Plan' }));
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent(`/change-plan?subscription=${current.id}`);
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
    for (const header of ['Bundles', 'License', 'Payment', 'Subscription Effective Date', 'Status', 'Next Invoice Date', 'Next Invoice Amount']) {
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

/** Edit Plan on a pending plan opens edit-plan for the row's subscription (PlanChangeScreen's Pending stories go through it). */
export const PendingEditPlan: Story = {
  args: { state: 'pending' },
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Pending Plans');
    await userEvent.click(tableRowOf(table, 'Starter').getByRole('button', { name: 'Edit Plan' }));
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent(`/edit-plan?subscription=${pending.id}`);
  },
};

/** Upgrade on a pending plan opens the upgrade to the plans of its product (UpgradePendingDialog's stories go through it). */
export const UpgradePending: Story = {
  args: { state: 'pending' },
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Pending Plans');
    await userEvent.click(tableRowOf(table, 'Starter').getByRole('button', { name: 'Upgrade' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(dialog.getByRole('combobox', { name: 'Plan' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
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
