import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { installFakeApi, json, problem } from '@portal/auth/testing';
import { fakePlan, fakeProduct, languageLoader, withAdminProviders, withCatalogueRouter } from '../../testing';
import { SelectPlansScreen } from './select-plans-screen';

const meeting = fakeProduct(1, { name: 'Meeting' });
const starter = fakePlan(1, meeting, { name: 'Starter', minUsers: 1, maxUsers: 10, prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 600 }, { currency: 'USD', billingCycle: 'yearly', amount: 6_000 }], limits: [{ kind: 'participants', value: 50, unit: 'Number' }] });

const plansLoader = (reply = json({ items: [starter], nextCursor: null })) => () => {
  installFakeApi({ selectPublishedPlan: reply });
};

const meta = {
  title: 'Billing/SelectPlansScreen',
  component: SelectPlansScreen,
  decorators: [withCatalogueRouter, withAdminProviders],
  parameters: { route: '/select-plans' },
  loaders: [plansLoader()],
} satisfies Meta<typeof SelectPlansScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each plan on sale with its prices per licence and limits; Buy goes to the purchase with the plan. */
export const Plans: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = within(await canvas.findByRole('article', { name: 'Starter' }));
    await expect(card.getByText('$6.00 per licence a month')).toBeInTheDocument();
    await expect(card.getByText('$60.00 per licence a year')).toBeInTheDocument();
    await expect(card.getByText('1 to 10 licences')).toBeInTheDocument();
    await expect(card.getByRole('link', { name: 'Buy Starter' })).toHaveAttribute('href', `/purchase-plan?plan=${starter.id}`);
  },
};

/** Nothing on sale. */
export const Empty: Story = {
  loaders: [plansLoader(json({ items: [], nextCursor: null }))],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no plans!')).toBeInTheDocument();
  },
};

/** The plans fail to load. */
export const LoadFails: Story = {
  loaders: [plansLoader(problem(500, 'internal'))],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Failed, Try Again..!!')).toBeInTheDocument();
  },
};

/** In French. */
export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [plansLoader(), languageLoader('fr')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Acheter Starter' })).toBeInTheDocument();
  },
};
