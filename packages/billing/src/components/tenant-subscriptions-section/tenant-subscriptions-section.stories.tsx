import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeBillingApiLoader, fakePlan, fakeProduct, fakeSubscription, findLoadedTable, languageLoader, loadedBillingApi, tableRowOf, withAdminProviders, type FakeBillingApiOptions } from '../../testing';
import { TenantSubscriptionsSection } from './tenant-subscriptions-section';

const acme = { id: '00000000-0000-4000-8000-000000000001' };
const subscriptions = [
  fakeSubscription(),
  fakeSubscription({ id: '00000000-0000-4000-8000-000000006001', product: 'storage', plan: 'Cloud storage 1 TB', licenses: 1, billingCycle: 'yearly', nextInvoiceAmount: 24000, currency: 'EUR' }),
  fakeSubscription({ id: '00000000-0000-4000-8000-000000006002', product: 'webinar', plan: 'Webinar 500', licenses: 5, status: 'cancelled', autoRenewal: false, nextInvoiceDate: null, nextInvoiceAmount: null }),
];
const apiLoader = (options: FakeBillingApiOptions = {}) =>
  fakeBillingApiLoader({ subscriptions: { [acme.id]: subscriptions }, ...options });

const meta = {
  title: 'Billing/TenantSubscriptionsSection',
  component: TenantSubscriptionsSection,
  decorators: [withAdminProviders],
  args: { tenantId: acme.id },
  loaders: [apiLoader()],
} satisfies Meta<typeof TenantSubscriptionsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The spec's subscription fields: product, plan, licences, cycle, status, renewal, effective date and the next invoice. */
export const Subscriptions: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await findLoadedTable(canvasElement, 'Subscriptions');
    for (const header of ['Product', 'Plan', 'License', 'Billing cycle', 'Status', 'Auto renewal', 'Subscription Effective Date', 'Next Invoice Date', 'Next Invoice Amount']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const business = tableRowOf(table, 'Business');
    for (const cell of ['Meeting', '50', 'Monthly', 'Yes', '$600.00']) await expect(business.getByRole('cell', { name: cell })).toBeInTheDocument();
    await expect(business.getByText('Active')).toBeInTheDocument();
    await expect(tableRowOf(table, 'Cloud storage 1 TB').getByRole('cell', { name: '€240.00' })).toBeInTheDocument();
    const webinar = tableRowOf(table, 'Webinar 500');
    await expect(webinar.getByText('Cancelled')).toBeInTheDocument();
    await expect(webinar.getByRole('cell', { name: 'No' })).toBeInTheDocument();
    await expect(webinar.getAllByRole('cell', { name: '—' })).toHaveLength(2);
    const [request] = loadedBillingApi(loaded).requestsOf('getTenantSubscriptions');
    await expect(request?.path).toBe(`/tenants/${acme.id}/subscriptions`);
  },
};

/** A tenant without subscriptions: the spec's empty text. */
export const Empty: Story = {
  loaders: [apiLoader({ subscriptions: { [acme.id]: [] } })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no subscriptions!')).toBeInTheDocument();
  },
};

/** The list fails to load: the error with a retry. */
export const LoadFails: Story = {
  loaders: [apiLoader({ failing: ['getTenantSubscriptions'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** In Uzbek, with the catalog's words. */
export const Uzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [apiLoader(), languageLoader('uz')],
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Obunalar');
    await expect(tableRowOf(table, 'Business').getByRole('cell', { name: 'Oylik' })).toBeInTheDocument();
    await expect(tableRowOf(table, 'Webinar 500').getByText('Bekor qilingan')).toBeInTheDocument();
  },
};

/** In Arabic, right to left with the catalog's words. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [apiLoader(), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'الاشتراكات');
    await expect(table.getByRole('columnheader', { name: 'تاريخ الفاتورة التالية' })).toBeInTheDocument();
    await expect(tableRowOf(table, 'Business').getByText('نشط')).toBeInTheDocument();
    await expect(canvasElement.querySelector('table')?.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};

const business = fakePlan(2, fakeProduct(1, { name: 'Meeting' }), { name: 'Business', prices: [{ currency: 'USD', billingCycle: 'yearly', amount: 12_000 }] });
const trial = fakePlan(3, fakeProduct(1, { name: 'Meeting' }), { name: 'Pilot', published: false, prices: [{ currency: 'EUR', billingCycle: 'monthly', amount: 900 }] });
const retired = fakePlan(4, fakeProduct(1, { name: 'Meeting' }), { name: 'Legacy', disabled: true });

/** The platform super administrator assigns a plan to the tenant (Assign plan, AssignPlanDialog); unpublished plans are offered too, marked so. */
export const PlatformAssignsPlan: Story = {
  loaders: [apiLoader({ platformPlans: [business, trial, retired] })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Assign plan' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    const choose = async (label: string, option: string) => {
      await userEvent.click(await dialog.findByRole('combobox', { name: label }));
      await userEvent.click(await within(document.body).findByRole('option', { name: option }));
    };
    await userEvent.click(await dialog.findByRole('combobox', { name: 'Plan' }));
    await expect(await within(document.body).findByRole('option', { name: 'Meeting · Pilot (Unpublished)' })).toBeInTheDocument();
    await expect(within(document.body).queryByRole('option', { name: /Legacy/ })).toBeNull();
    await userEvent.click(dialog.getByRole('combobox', { name: 'Plan' }));
    await choose('Plan', 'Meeting · Business');
    await choose('Billing cycle', 'Yearly');
    await choose('Currency', 'USD');
    await userEvent.clear(dialog.getByLabelText('License'));
    await userEvent.type(dialog.getByLabelText('License'), '25');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const api = loadedBillingApi(loaded);
    await waitFor(() => expect(api.requestsOf('assignPlan')).toHaveLength(1));
    await expect(api.requestsOf('assignPlan')[0]?.body).toEqual({ planId: business.id, billingCycle: 'yearly', currency: 'USD', licenses: 25, autoRenewal: true });
    await expect(await within(document.body).findByText('Subscription added successfully')).toBeInTheDocument();
  },
};
