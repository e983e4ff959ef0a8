import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { fakePlan, fakeProduct, languageLoader, withAdminProviders } from '../../testing';
import { BundleChoice, type BundleChoiceProps } from './bundle-choice';

const storage = fakeProduct(3, { name: 'Storage bundle', isBundle: true });
const cloud = fakePlan(4, storage, { name: 'Cloud storage 1 TB' });
const webinarPack = fakePlan(8, storage, { name: 'Webinar pack' });
const offered = [
  { plan: cloud, unitAmount: 300 },
  { plan: webinarPack, unitAmount: 1_250 },
];

/** The choice with its own state, as the purchase form holds it. */
function Choice(props: Omit<BundleChoiceProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <BundleChoice {...props} value={value} onChange={setValue} />
      <output data-testid="chosen">{value.join(',')}</output>
    </>
  );
}

const meta = {
  title: 'Billing/BundleChoice',
  component: Choice,
  decorators: [withAdminProviders],
  args: { offered, cycle: 'monthly', currency: 'USD' },
} satisfies Meta<typeof Choice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each bundle the plan offers with its price per licence and cycle; ticking one chooses it. */
export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Bundles')).toBeInTheDocument();
    await expect(canvas.getByText('$3.00 per licence per month')).toBeInTheDocument();
    await expect(canvas.getByText('$12.50 per licence per month')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('checkbox', { name: /Webinar pack/ }));
    await expect(canvas.getByTestId('chosen')).toHaveTextContent(webinarPack.id);
  },
};

/** Yearly prices say so. */
export const Yearly: Story = {
  args: { cycle: 'yearly', offered: [{ plan: cloud, unitAmount: 3_000 }] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('$30.00 per licence per year')).toBeInTheDocument();
  },
};

/** A plan without bundles shows nothing at all. */
export const NoneOffered: Story = {
  args: { offered: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText('Bundles')).toBeNull();
    await expect(within(canvasElement).queryByRole('checkbox')).toBeNull();
  },
};

/** In French. */
export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [languageLoader('fr')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Forfaits groupés')).toBeInTheDocument();
    await expect(canvas.getByText(/^3,00\s\$US par licence et par mois$/)).toBeInTheDocument();
  },
};

/** In Arabic, right to left. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('الحزم')).toBeInTheDocument();
    await expect(canvasElement.querySelector('input[type="checkbox"]')?.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};

/** In Uzbek. */
export const Uzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [languageLoader('uz')],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Toʻplamlar')).toBeInTheDocument();
  },
};
