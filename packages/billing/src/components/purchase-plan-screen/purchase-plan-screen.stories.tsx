import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { installFakeApi, json, problem } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';
import { fakePlan, fakeProduct, languageLoader, withAdminProviders, withCatalogueRouter } from '../../testing';
import { PurchasePlanScreen } from './purchase-plan-screen';

const meeting = fakeProduct(1, { name: 'Meeting' });
const business = fakePlan(2, meeting, { name: 'Business', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 1_200 }, { currency: 'EUR', billingCycle: 'yearly', amount: 11_000 }] });
const quote = { planId: business.id, plan: 'Business', product: 'Meeting', licenses: 10, billingCycle: 'monthly', currency: 'USD', unitAmount: 1_200, periodStart: '2025-01-31T10:00:00.000Z', periodEnd: '2025-02-28T10:00:00.000Z', lines: [], subtotal: 12_000, tax: 0, total: 12_000 };

function purchaseApi(options: { quoteFails?: boolean } = {}) {
  return () => {
    notify.clean();
    const bodies: Record<string, unknown[]> = { quote: [], purchase: [] };
    installFakeApi({
      'GET /published-plans': json({ items: [business], nextCursor: null }),
      'POST /billing/purchase-quote': async (request) => {
        bodies.quote!.push(JSON.parse(await request.text()));
        return options.quoteFails ? problem(409, 'price_unavailable') : json(quote);
      },
      'POST /billing/purchases': async (request) => {
        bodies.purchase!.push(JSON.parse(await request.text()));
        return json({ subscription: {}, invoice: { id: '00000000-0000-4000-8000-000000007001', number: 'INV-000042' }, redirectUrl: null }, 201);
      },
    });
    return { bodies };
  };
}

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

/** Purchase details, Save and Continue (the server's total), review, Proceed to pay by bank transfer, then processing. */
export const BuyByBankTransfer: Story = {
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
    await expect(await canvas.findByRole('heading', { name: 'Payment Review' })).toBeInTheDocument();
    await expect(canvas.getByText('Total: $120.00')).toBeInTheDocument();
    const { bodies } = loaded as { bodies: Record<string, unknown[]> };
    await expect(bodies.quote?.[0]).toMatchObject({ planId: business.id, licenses: 10, billingCycle: 'monthly', currency: 'USD', autoRenewal: true });
    await userEvent.click(canvas.getByRole('button', { name: 'Proceed to pay' }));
    await waitFor(() => expect(bodies.purchase).toHaveLength(1));
    await expect(bodies.purchase?.[0]).toMatchObject({ provider: 'manual' });
    await expect(await canvas.findByText(/payment-processing\?invoice=.*number=INV-000042/)).toBeInTheDocument();
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
