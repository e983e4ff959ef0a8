import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakePlan, fakeProduct, fakePurchaseApiLoader, fakePurchaseQuote, languageLoader, loadedPurchaseApi, withAdminProviders, withCatalogueRouter } from '../../testing';
import { PurchasePlanScreen } from './purchase-plan-screen';

const meeting = fakeProduct(1, { name: 'Meeting' });
const business = fakePlan(2, meeting, { name: 'Business', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 1_200 }, { currency: 'EUR', billingCycle: 'yearly', amount: 11_000 }] });
const quote = fakePurchaseQuote(business);

const purchaseApi = (options: { quoteFails?: boolean } = {}) => fakePurchaseApiLoader({ plans: [business], quote, ...options });

const meta = {
  title: 'Billing/PurchasePlanScreen',
  component: PurchasePlanScreen,
  decorators: [withCatalogueRouter, withAdminProviders],
  parameters: { route: '/purchase-plan' },
  loaders: [purchaseApi()],
} satisfies Meta<typeof PurchasePlanScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function choose(canvas: ReturnType<typeof within>, label: string | RegExp, option: string) {
  await userEvent.click(await canvas.findByRole('combobox', { name: label }));
  await userEvent.click(await within(document.body).findByRole('option', { name: option }));
}

/** Purchase details, then Save and Continue (the server checks them) opens the payment review with the purchase in its address. */
export const SaveAndContinue: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Purchase Plan' });
    await choose(canvas, /^Plan/, 'Meeting · Business');
    await userEvent.clear(canvas.getByRole('combobox', { name: /^License/ }));
    await userEvent.type(canvas.getByRole('combobox', { name: /^License/ }), '10');
    await userEvent.click(await within(document.body).findByRole('option', { name: '10' }));
    await choose(canvas, /^Billing cycle/, 'Monthly');
    await choose(canvas, /^Currency/, 'USD');
    await userEvent.click(canvas.getByRole('button', { name: 'Save and Continue' }));
    const { quotes } = loadedPurchaseApi(loaded);
    await waitFor(() => expect(quotes).toHaveLength(1));
    await expect(quotes[0]).toEqual({ planId: business.id, licenses: 10, billingCycle: 'monthly', currency: 'USD', autoRenewal: true });
    await expect(await canvas.findByTestId('location')).toHaveTextContent(`/payment-review?plan=${business.id}&licenses=10&cycle=monthly&currency=USD&autoRenewal=true`);
  },
};

/** Back from the review: the address brings the same choices back. */
export const BackFromReview: Story = {
  parameters: { entry: `/purchase-plan?plan=${business.id}&licenses=7&cycle=yearly&currency=EUR&autoRenewal=false` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Purchase Plan' });
    await expect(await canvas.findByRole('combobox', { name: /^Plan/ })).toHaveValue('Meeting · Business');
    await expect(canvas.getByRole('combobox', { name: /^License/ })).toHaveValue('7');
    await expect(canvas.getByRole('combobox', { name: /^Billing cycle/ })).toHaveValue('Yearly');
    await expect(canvas.getByRole('combobox', { name: /^Currency/ })).toHaveValue('EUR');
    await expect(canvas.getByRole('checkbox', { name: 'Auto renewal' })).not.toBeChecked();
  },
};

const storage = fakeProduct(3, { name: 'Storage bundle', isBundle: true });
const cloud = fakePlan(4, storage, { name: 'Cloud storage 1 TB', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 300 }] });
const unpricedBundle = fakePlan(5, storage, { name: 'Archive 10 TB', prices: [{ currency: 'EUR', billingCycle: 'monthly', amount: 900 }] });
const withBundles = { ...business, linkedPlans: [{ id: cloud.id, name: cloud.name }, { id: unpricedBundle.id, name: unpricedBundle.name }] };

/** Bundles: the plan's bundles priced in the chosen cycle and currency, ticked ones sent and kept in the address. */
export const WithBundle: Story = {
  parameters: { entry: `/purchase-plan?plan=${business.id}&licenses=10&cycle=monthly&currency=USD&autoRenewal=true` },
  loaders: [fakePurchaseApiLoader({ plans: [withBundles, cloud, unpricedBundle], quote: fakePurchaseQuote(withBundles, 10, [cloud]) })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Purchase Plan' });
    await expect(await canvas.findByText('Bundles')).toBeInTheDocument();
    await expect(canvas.queryByRole('checkbox', { name: /Archive 10 TB/ })).toBeNull();
    await expect(canvas.getByText('$3.00 per licence per month')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('checkbox', { name: /Storage bundle · Cloud storage 1 TB/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save and Continue' }));
    const { quotes } = loadedPurchaseApi(loaded);
    await waitFor(() => expect(quotes).toHaveLength(1));
    await expect(quotes[0]).toEqual({ planId: business.id, licenses: 10, billingCycle: 'monthly', currency: 'USD', bundlePlanIds: [cloud.id], autoRenewal: true });
    await expect(await canvas.findByTestId('location')).toHaveTextContent(`/payment-review?plan=${business.id}&licenses=10&cycle=monthly&currency=USD&autoRenewal=true&bundle=${cloud.id}`);
  },
};

/** The server refuses: its reason shows and the review does not open. */
export const Refused: Story = {
  loaders: [purchaseApi({ quoteFails: true })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Purchase Plan' });
    await choose(canvas, /^Plan/, 'Meeting · Business');
    await choose(canvas, /^Billing cycle/, 'Yearly');
    await choose(canvas, /^Currency/, 'EUR');
    await userEvent.click(canvas.getByRole('button', { name: 'Save and Continue' }));
    await expect(await canvas.findByRole('alert')).toBeInTheDocument();
    await expect(canvas.queryByRole('heading', { name: 'Payment Review' })).toBeNull();
  },
};

/** In Arabic, right to left. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [purchaseApi(), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'شراء خطة' })).toBeInTheDocument();
  },
};
