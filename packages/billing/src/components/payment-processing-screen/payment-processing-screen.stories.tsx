import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { languageLoader, withAdminProviders, withCatalogueRouter } from '../../testing';
import { PaymentProcessingScreen } from './payment-processing-screen';

const meta = {
  title: 'Billing/PaymentProcessingScreen',
  component: PaymentProcessingScreen,
  decorators: [withCatalogueRouter, withAdminProviders],
  parameters: { route: '/payment-processing', entry: '/payment-processing?invoice=00000000-0000-4000-8000-000000007001&number=INV-000042' },
} satisfies Meta<typeof PaymentProcessingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** After Proceed to pay by bank transfer: the spec's processing text and the invoice to pay. */
export const BankTransfer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Purchased plan is under processing...' })).toBeInTheDocument();
    await expect(canvas.getByText(/Pay invoice INV-000042 by bank transfer/)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/landing-page');
  },
};

/** Back from the card payment page: confirmed by the provider, not by this page. */
export const Card: Story = {
  parameters: { entry: '/payment-processing?invoice=00000000-0000-4000-8000-000000007001' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('The plan becomes active once the payment is confirmed.')).toBeInTheDocument();
  },
};

/** In Uzbek. */
export const Uzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [languageLoader('uz')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Sotib olingan tarif qayta ishlanmoqda...' })).toBeInTheDocument();
  },
};
