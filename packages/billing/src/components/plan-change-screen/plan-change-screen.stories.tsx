import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeBillingSubscription, fakePlan, fakeProduct, fakeSubscriptionsApiLoader, languageLoader, loadedSubscriptionsApi, withAdminProviders, withCatalogueRouter, type FakeSubscriptionsApiOptions } from '../../testing';
import { PlanChangeScreen } from './plan-change-screen';

const current = fakeBillingSubscription();
const enterprise = fakePlan(3, fakeProduct(1, { name: 'Meeting' }), { name: 'Enterprise', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 2_400 }] });
const apiLoader = (options: FakeSubscriptionsApiOptions = {}) => fakeSubscriptionsApiLoader({ subscriptions: [current], plans: [enterprise], ...options });
const editEntry = `/edit-plan?subscription=${current.id}`;
const changeEntry = `/change-plan?subscription=${current.id}`;

const meta = {
  title: 'Billing/PlanChangeScreen',
  component: PlanChangeScreen,
  decorators: [withCatalogueRouter, withAdminProviders],
  args: { mode: 'edit' },
  parameters: { route: '/edit-plan', entry: editEntry },
  loaders: [apiLoader()],
} satisfies Meta<typeof PlanChangeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Edit Plan: more licences show their price prorated to the second before Save; then Current plans. */
export const MoreLicences: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Edit Plan' });
    const licences = await canvas.findByLabelText('License');
    await expect(canvas.queryByRole('combobox', { name: 'Plan' })).toBeNull();
    await userEvent.clear(licences);
    await userEvent.type(licences, '20');
    await expect(await canvas.findByText(/Charged now: \$58\.07 for the 15 days left in this billing cycle/)).toBeInTheDocument();
    await expect(canvas.getByText('Next invoice amount: $240.00')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const api = loadedSubscriptionsApi(loaded);
    await waitFor(() => expect(api.requestsOf('editPurchasedPlan')).toHaveLength(1));
    await expect(api.requestsOf('editPurchasedPlan')[0]?.body).toEqual({ licenses: 20 });
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/billing/plan');
  },
};

/** Fewer licences: nothing charged now, from the cycle end. */
export const FewerLicences: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const licences = await canvas.findByLabelText('License');
    await userEvent.clear(licences);
    await userEvent.type(licences, '5');
    await expect(await canvas.findByText(/Nothing is charged now\..*at the end of the billing cycle, the next invoice amount is \$60\.00/)).toBeInTheDocument();
  },
};

const cloud = fakePlan(4, fakeProduct(3, { name: 'Storage bundle', isBundle: true }), { name: 'Cloud storage 1 TB', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 300 }] });
const business = fakePlan(2, fakeProduct(1, { name: 'Meeting' }), { id: '00000000-0000-4000-8000-000000006201', name: 'Business', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 1_200 }], linkedPlans: [{ id: cloud.id, name: cloud.name }] });
const withBundle = fakeBillingSubscription({ id: '00000000-0000-4000-8000-000000006102', planId: business.id, bundles: [{ planId: cloud.id, product: 'Storage bundle', plan: 'Cloud storage 1 TB', unitAmount: 300 }] });

/** Change Plan of a plan with a bundle: the bundle shows ticked; unticking it prices the change and sends no bundles. */
export const ChangeBundles: Story = {
  args: { mode: 'change' },
  parameters: { route: '/change-plan', entry: `/change-plan?subscription=${withBundle.id}` },
  loaders: [apiLoader({ subscriptions: [withBundle], plans: [business, cloud] })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Change Plan' });
    const bundle = await canvas.findByRole('checkbox', { name: 'Storage bundle · Cloud storage 1 TB' });
    await expect(bundle).toBeChecked();
    await expect(canvas.getByText('$3.00 per licence per month')).toBeInTheDocument();
    await userEvent.click(bundle);
    await expect(await canvas.findByText(/Charged now:/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const api = loadedSubscriptionsApi(loaded);
    await waitFor(() => expect(api.requestsOf('changePlan')).toHaveLength(1));
    await expect(api.requestsOf('changePlan')[0]?.body).toMatchObject({ planId: business.id, bundlePlanIds: [] });
  },
};

const archive = fakePlan(5, fakeProduct(3, { name: 'Storage bundle', isBundle: true }), { name: 'Archive', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 100 }] });
const pendingBusiness = { ...business, minUsers: 2, maxUsers: 50, linkedPlans: [...business.linkedPlans, { id: archive.id, name: archive.name }] };
const pending = fakeBillingSubscription({ id: '00000000-0000-4000-8000-000000006103', planId: business.id, licenses: 5, status: 'pending', bundles: withBundle.bundles, currentPeriodStart: null, currentPeriodEnd: null, nextInvoiceDate: null, nextInvoiceAmount: 7_500 });
const pendingLoader = () => apiLoader({ subscriptions: [pending], plans: [pendingBusiness, cloud, archive] });
const pendingEntry = { entry: `/edit-plan?subscription=${pending.id}` };

/** Edit Plan of a pending plan: licences and bundles of the same plan, the new total before Save; the pending invoice is replaced, then Pending plans. */
export const PendingLicencesAndBundles: Story = {
  parameters: pendingEntry,
  loaders: [pendingLoader()],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Edit Plan' });
    await expect(await canvas.findByRole('checkbox', { name: 'Storage bundle · Cloud storage 1 TB' })).toBeChecked();
    await expect(canvas.queryByRole('combobox', { name: 'Plan' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
    const licences = canvas.getByLabelText('License');
    await userEvent.clear(licences);
    await userEvent.type(licences, '3');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Storage bundle · Cloud storage 1 TB' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Storage bundle · Archive' }));
    await expect(await canvas.findByText('New total: $39.00 instead of $75.00. The pending invoice is voided and a new one is issued.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const api = loadedSubscriptionsApi(loaded);
    await waitFor(() => expect(api.requestsOf('editPurchasedPlan')).toHaveLength(1));
    await expect(api.requestsOf('editPurchasedPlan')[0]?.body).toEqual({ licenses: 3, bundlePlanIds: [archive.id] });
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/billing/pending');
  },
};

/** Auto renewal alone: nothing to price, only auto renewal is sent. */
export const PendingAutoRenewal: Story = {
  parameters: pendingEntry,
  loaders: [pendingLoader()],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const renewal = await canvas.findByRole('switch', { name: 'Auto renewal' });
    await expect(renewal).toBeChecked();
    await userEvent.click(renewal);
    await expect(canvas.queryByRole('status')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const api = loadedSubscriptionsApi(loaded);
    await waitFor(() => expect(api.requestsOf('editPurchasedPlan')).toHaveLength(1));
    await expect(api.requestsOf('editPurchasedPlan')[0]?.body).toEqual({ autoRenewal: false });
  },
};

/** A pending plan's edit in English, French, Arabic (right to left) and Uzbek: the heading and the auto renewal switch. */
const pendingIn = (language: 'en' | 'fr' | 'ar' | 'uz', heading: string, renewal: string): Story => ({
  parameters: { ...pendingEntry, language },
  loaders: [pendingLoader(), languageLoader(language)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = await canvas.findByRole('heading', { name: heading });
    await expect(await canvas.findByRole('switch', { name: renewal })).toBeChecked();
    await expect(title.closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  },
});
export const PendingEnglish = pendingIn('en', 'Edit Plan', 'Auto renewal');
export const PendingFrench = pendingIn('fr', 'Modifier le forfait', 'Renouvellement automatique');
export const PendingArabic = pendingIn('ar', 'تعديل الخطة', 'التجديد التلقائي');
export const PendingUzbek = pendingIn('uz', 'Tarifni tahrirlash', 'Avtomatik yangilash');

/** Change Plan: another plan's price for the rest of the cycle, less the unused part, shown before it is confirmed. */
export const ChangePlan: Story = {
  args: { mode: 'change' },
  parameters: { route: '/change-plan', entry: changeEntry },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Change Plan' });
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Plan' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Meeting · Enterprise' }));
    await expect(await canvas.findByText(/Charged now: \$58\.07 for the 15 days left/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const api = loadedSubscriptionsApi(loaded);
    await waitFor(() => expect(api.requestsOf('changePlan')).toHaveLength(1));
    await expect(api.requestsOf('changePlan')[0]?.body).toEqual({ licenses: 10, billingCycle: 'monthly', planId: enterprise.id });
  },
};

/** An address naming no current plan: says so and links to Current plans. */
export const UnknownSubscription: Story = {
  parameters: { entry: '/edit-plan?subscription=00000000-0000-4000-8000-000000000999' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This plan is not one of your current plans, or it can no longer be changed.')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Current Plans' })).toBeInTheDocument();
  },
};

/** The plans fail to load: the error with a retry. */
export const LoadFails: Story = {
  loaders: [apiLoader({ failing: ['getSubscriptions'] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** In French. */
export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [apiLoader(), languageLoader('fr')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Modifier le forfait' })).toBeInTheDocument();
  },
};

/** In Arabic, right to left. */
export const Arabic: Story = {
  args: { mode: 'change' },
  parameters: { language: 'ar', route: '/change-plan', entry: changeEntry },
  loaders: [apiLoader(), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const heading = await within(canvasElement).findByRole('heading', { level: 2 });
    await expect(heading.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};

/** In Uzbek. */
export const Uzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [apiLoader(), languageLoader('uz')],
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByLabelText('Litsenziyalar');
  },
};
