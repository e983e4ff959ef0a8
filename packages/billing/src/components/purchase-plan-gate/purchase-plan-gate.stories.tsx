import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { SESSION_STORAGE_KEYS, useSessionStore } from '@portal/auth';
import { AuthTestFrame, fakeCurrentUser, fakeTenantInfo, installFakeApi, json, problem } from '@portal/auth/testing';
import type { FakeRoutes } from '@portal/auth/testing';
import { PurchasePlanGate } from './purchase-plan-gate';

const PLAN = '3f2b8c1e-0000-4000-8000-00000000a001';
const SUBSCRIPTION = '3f2b8c1e-0000-4000-8000-00000000b001';

/** `parameters.entry`: the purchase url the visitor arrives with. */
type EntryParameter = { entry: string };

const withEntry: Decorator = (Story, { parameters }) => (
  <AuthTestFrame path="/purchase-plan" initialEntry={(parameters as EntryParameter).entry}>
    <Story />
  </AuthTestFrame>
);

const signedOut: FakeRoutes = {
  getTenantInfo: json(fakeTenantInfo()),
  getCurrentUser: problem(401, 'unauthenticated'),
};

function arrive(routes: FakeRoutes, billingFlag = false) {
  return () => {
    window.sessionStorage.clear();
    useSessionStore.getState().hydrate();
    if (billingFlag) useSessionStore.getState().setFlag('billing', true);
    installFakeApi(routes);
  };
}

const meta = {
  title: 'Billing/PurchasePlanGate',
  component: PurchasePlanGate,
  decorators: [withEntry],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PurchasePlanGate>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A signed-out purchase keeps the chosen plan and subscription with the billing flag, then login. */
export const SignedOut: Story = {
  parameters: { entry: `/purchase-plan?plan=${PLAN}&subscription=${SUBSCRIPTION}&coupon=FREE` } satisfies EntryParameter,
  beforeEach: arrive(signedOut),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^\/login$/);
    await expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.selectedPlan)).toBe(PLAN);
    await expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.subscriptionUuid)).toBe(SUBSCRIPTION);
    await expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.billing)).toBe('enabled');
  },
};

/** Signed in: the purchase itself, and the flag no longer pending. */
export const SignedIn: Story = {
  parameters: { entry: `/purchase-plan?plan=${PLAN}` } satisfies EntryParameter,
  beforeEach: arrive({ getTenantInfo: json(fakeTenantInfo()), getCurrentUser: json(fakeCurrentUser()), selectPublishedPlan: json({ items: [], nextCursor: null }) }, true),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Purchase Plan' })).toBeVisible();
    await waitFor(() => expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.billing)).toBeNull());
  },
};

/** The server cannot say who is signed in: nothing is decided, and the visitor can retry. */
export const ServerFailure: Story = {
  parameters: { entry: `/purchase-plan?plan=${PLAN}` } satisfies EntryParameter,
  beforeEach: arrive({ ...signedOut, getCurrentUser: problem(503, 'unavailable') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed, Try Again..!!');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.selectedPlan)).toBeNull();
    await expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.billing)).toBeNull();
  },
};
