import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fakeBillingSubscription, fakePlan, fakeProduct, fakeSubscriptionsApiLoader, languageLoader, loadedSubscriptionsApi, withAdminProviders, withCatalogueRouter } from '../../testing';
import { UpgradePendingDialog } from './upgrade-pending-dialog';

const meeting = fakeProduct(1, { name: 'Meeting' });
const webinarProduct = fakeProduct(2, { name: 'Webinar' });
const storage = fakeProduct(3, { name: 'Storage bundle', isBundle: true });
const cloud = fakePlan(4, storage, { name: 'Cloud storage 1 TB', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 300 }] });
const starter = fakePlan(5, meeting, { name: 'Starter', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 500 }] });
const business = fakePlan(6, meeting, { name: 'Business', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 1_200 }], linkedPlans: [{ id: cloud.id, name: cloud.name }] });
const webinar = fakePlan(7, webinarProduct, { name: 'Webinar 500', prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 5_000 }] });
const pending = fakeBillingSubscription({
  id: '00000000-0000-4000-8000-000000006101',
  planId: starter.id,
  plan: 'Starter',
  unitAmount: 500,
  licenses: 3,
  status: 'pending',
  currentPeriodStart: null,
  currentPeriodEnd: null,
  nextInvoiceDate: null,
  nextInvoiceAmount: 1_500,
  openInvoiceId: '00000000-0000-4000-8000-000000007001',
});
const apiLoader = () => fakeSubscriptionsApiLoader({ subscriptions: [pending], plans: [starter, business, cloud, webinar] });

const meta = {
  title: 'Billing/UpgradePendingDialog',
  component: UpgradePendingDialog,
  decorators: [withCatalogueRouter, withAdminProviders],
  parameters: { route: '/billing/pending' },
  args: { subscription: pending, opened: true, onClose: fn() },
  loaders: [apiLoader()],
} satisfies Meta<typeof UpgradePendingDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialogOf = async () => within(await within(document.body).findByRole('dialog'));

/**
 * A higher plan of the same product and its bundle: the server's new total shows before Upgrade,
 * which replaces the pending purchase (the same plan and licences cannot be confirmed).
 */
export const Upgrade: Story = {
  play: async ({ loaded, args }) => {
    const dialog = await dialogOf();
    await expect(await dialog.findByText(/Choose a higher plan, more licences or more bundles\./)).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Upgrade' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('combobox', { name: 'Plan' }));
    const options = within(await within(document.body).findByRole('listbox'));
    await expect(options.queryByRole('option', { name: 'Webinar · Webinar 500' })).toBeNull();
    await userEvent.click(options.getByRole('option', { name: 'Meeting · Business' }));
    await userEvent.click(await dialog.findByRole('checkbox', { name: /Storage bundle · Cloud storage 1 TB/ }));
    await expect(await dialog.findByText('$3.00 per licence per month')).toBeInTheDocument();
    await expect(await dialog.findByText(/New total: \$45\.00 instead of \$15\.00\./)).toBeInTheDocument();
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Upgrade' })).toBeEnabled());
    await userEvent.click(dialog.getByRole('button', { name: 'Upgrade' }));
    const api = loadedSubscriptionsApi(loaded);
    await waitFor(() => expect(api.requestsOf('upgradePendingPlan')).toHaveLength(1));
    await expect(api.requestsOf('upgradePendingPlan')[0]?.body).toEqual({ planId: business.id, licenses: 3, bundlePlanIds: [cloud.id] });
    await expect(await within(document.body).findByText('Pending plan upgraded. Invoice INV-000043 of $45.00 is waiting for payment.')).toBeInTheDocument();
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

/** In English: the pending plan and the plans of its product it can move up to. */
export const English: Story = {
  play: async () => {
    const dialog = await dialogOf();
    await expect(dialog.getByText('Meeting · Starter')).toBeInTheDocument();
    // The plans on sale load first.
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Plan' })).toHaveValue('Meeting · Starter'));
    await expect(dialog.getByRole('combobox', { name: 'License' })).toHaveValue('3');
  },
};

/** In French, with the bundle's price per licence in French. */
export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [apiLoader(), languageLoader('fr')],
  play: async () => {
    const dialog = await dialogOf();
    await userEvent.click(dialog.getByRole('combobox', { name: 'Forfait' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Meeting · Business' }));
    await expect(await dialog.findByText(/^3,00\s\$US par licence et par mois$/)).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Mettre à niveau' })).toBeInTheDocument();
  },
};

/** In Arabic, right to left. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [apiLoader(), languageLoader('ar')],
  play: async () => {
    const dialog = await dialogOf();
    await expect(dialog.getByRole('button', { name: 'ترقية' })).toBeInTheDocument();
    await expect(document.body.querySelector('[role="dialog"]')?.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};

/** In Uzbek. */
export const Uzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [apiLoader(), languageLoader('uz')],
  play: async () => {
    const dialog = await dialogOf();
    await userEvent.click(dialog.getByRole('combobox', { name: 'Tarif' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Meeting · Business' }));
    await expect(await dialog.findByText(/Storage bundle · Cloud storage 1 TB/)).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Tarifni oshirish' })).toBeInTheDocument();
  },
};
