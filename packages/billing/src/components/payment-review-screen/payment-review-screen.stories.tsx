import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakePlan, fakeProduct, fakePurchaseApiLoader, fakePurchaseQuote, languageLoader, loadedPurchaseApi, withAdminProviders, withCatalogueRouter, type FakePurchaseApiOptions } from '../../testing';
import { PaymentReviewScreen } from './payment-review-screen';

const business = fakePlan(2, fakeProduct(1, { name: 'Meeting' }), { name: 'Business', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 1_200 }] });
const purchase = `plan=${business.id}&licenses=10&cycle=monthly&currency=USD&autoRenewal=true`;
const apiLoader = (options: Partial<FakePurchaseApiOptions> = {}) => fakePurchaseApiLoader({ plans: [business], quote: fakePurchaseQuote(business), ...options });

const meta = {
  title: 'Billing/PaymentReviewScreen',
  component: PaymentReviewScreen,
  decorators: [withCatalogueRouter, withAdminProviders],
  parameters: { route: '/payment-review', entry: `/payment-review?${purchase}` },
  loaders: [apiLoader()],
} satisfies Meta<typeof PaymentReviewScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The purchase in the address, priced by the server; Proceed to pay by bank transfer opens payment processing. */
export const BankTransfer: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Payment Review' });
    await expect(await canvas.findByText('Total: $120.00')).toBeInTheDocument();
    const table = within(canvas.getByRole('table', { name: 'Payment Review' }));
    await expect(table.getByRole('cell', { name: 'Meeting · Business' })).toBeInTheDocument();
    const api = loadedPurchaseApi(loaded);
    await expect(api.quotes[0]).toEqual({ planId: business.id, licenses: 10, billingCycle: 'monthly', currency: 'USD', autoRenewal: true });
    await userEvent.click(canvas.getByRole('button', { name: 'Proceed to pay' }));
    await waitFor(() => expect(api.purchases).toHaveLength(1));
    await expect(api.purchases[0]).toEqual({ planId: business.id, licenses: 10, billingCycle: 'monthly', currency: 'USD', autoRenewal: true, provider: 'manual' });
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/payment-processing\?invoice=.*number=INV-000042/);
  },
};

const cloud = fakePlan(4, fakeProduct(3, { name: 'Storage bundle', isBundle: true }), { name: 'Cloud storage 1 TB', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 300 }] });

/** A purchase with a bundle: the bundle's own row at the server's price, in the total, and sent with the purchase. */
export const WithBundle: Story = {
  parameters: { entry: `/payment-review?${purchase}&bundle=${cloud.id}` },
  loaders: [apiLoader({ plans: [business, cloud], quote: fakePurchaseQuote(business, 10, [cloud]) })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Total: $150.00')).toBeInTheDocument();
    const table = within(canvas.getByRole('table', { name: 'Payment Review' }));
    const bundleRow = within(table.getByRole('cell', { name: 'Storage bundle · Cloud storage 1 TB' }).closest('tr')!);
    await expect(bundleRow.getByRole('cell', { name: '$30.00' })).toBeInTheDocument();
    await expect(within(table.getByRole('cell', { name: 'Meeting · Business' }).closest('tr')!).getByRole('cell', { name: '$120.00' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Proceed to pay' }));
    const api = loadedPurchaseApi(loaded);
    await waitFor(() => expect(api.purchases).toHaveLength(1));
    await expect(api.purchases[0]).toMatchObject({ bundlePlanIds: [cloud.id] });
  },
};

/** Card: the purchase asks for Stripe. */
export const Card: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Total: $120.00');
    await userEvent.click(canvas.getByRole('radio', { name: 'Card' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Proceed to pay' }));
    const api = loadedPurchaseApi(loaded);
    await waitFor(() => expect(api.purchases).toHaveLength(1));
    await expect(api.purchases[0]).toMatchObject({ provider: 'stripe' });
  },
};

/** Back returns to the purchase details with the same choices in the address. */
export const Back: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Total: $120.00');
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent(`/purchase-plan?${purchase}`);
  },
};

/** The server refuses the purchase: its reason, Back and Retry. */
export const Refused: Story = {
  loaders: [apiLoader({ quoteFails: true })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Proceed to pay' })).toBeNull();
  },
};

/** An address without a purchase: choose a plan first. */
export const NoPurchase: Story = {
  parameters: { entry: '/payment-review' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Choose a plan first.')).toBeInTheDocument();
  },
};

/** In French. */
export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [apiLoader(), languageLoader('fr')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/^Total\s?: 120,00\s\$US$/)).toBeInTheDocument();
  },
};

/** In Arabic, right to left. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
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
    await within(canvasElement).findByRole('button', { name: 'Toʻlovga oʻtish' });
  },
};
