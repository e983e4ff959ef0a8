import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { SESSION_STORAGE_KEYS, useSessionStore } from '@portal/auth';
import { preloadRoutes, visitRoutes } from '@portal/auth/testing';
import type { FakeRoutes } from '@portal/auth/testing';
import { billingRoutes, billingSignInFlows } from './billing-routes';

const PLAN = '3f2b8c1e-0000-4000-8000-00000000a001';
const OTHER_PLAN = '3f2b8c1e-0000-4000-8000-00000000a002';
const SUBSCRIPTION = '3f2b8c1e-0000-4000-8000-00000000b001';

const visit = (entry: string, api?: FakeRoutes) => visitRoutes(billingRoutes, entry, api, billingSignInFlows);

const stored = (key: string) => window.sessionStorage.getItem(key);

beforeAll(() => preloadRoutes(billingRoutes));

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSessionStore.getState().hydrate();
});

describe('billingRoutes', () => {
  it('serves purchase-plan and the catalogue screens', () => {
    expect(billingRoutes.map((route) => route.path)).toEqual([
      'purchase-plan',
      'products',
      'product',
      'products/create-product',
      'products/:productuuid',
      'plans',
      'plan',
      'plans/create-plan',
      'plans/:planuuid',
      'billing/invoice',
      'billing/plan',
      'billing/pending',
      'payment-processing',
      'select-plans',
      'edit-plan',
      'change-plan',
      'payment-review',
    ]);
  });

  it('stores the plan, the subscription and the billing flag of a signed-out visit and lands on login', async () => {
    const router = visit(`/purchase-plan?plan=${PLAN}&subscription=${SUBSCRIPTION}`);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(stored(SESSION_STORAGE_KEYS.selectedPlan)).toBe(PLAN);
    expect(stored(SESSION_STORAGE_KEYS.subscriptionUuid)).toBe(SUBSCRIPTION);
    expect(useSessionStore.getState().flags).toEqual({ slack: false, googleAddOn: false, billing: true });
  });

  it('overwrites the plan on a second visit and keeps a choice the new link lacks', async () => {
    visit(`/purchase-plan?plan=${PLAN}&subscription=${SUBSCRIPTION}`);
    await screen.findByRole('button', { name: 'Login' });
    cleanup();
    visit(`/purchase-plan?plan=${OTHER_PLAN}`);
    await screen.findByRole('button', { name: 'Login' });
    expect(stored(SESSION_STORAGE_KEYS.selectedPlan)).toBe(OTHER_PLAN);
    expect(stored(SESSION_STORAGE_KEYS.subscriptionUuid)).toBe(SUBSCRIPTION);
  });

  it('sets the flag even without a plan in the link', async () => {
    visit('/purchase-plan');
    await screen.findByRole('button', { name: 'Login' });
    expect(stored(SESSION_STORAGE_KEYS.billing)).toBe('enabled');
    expect(stored(SESSION_STORAGE_KEYS.selectedPlan)).toBeNull();
  });

  it('returns to the purchase after signing in, and stops returning there', async () => {
    const router = visit(`/purchase-plan?plan=${PLAN}`);
    await userEvent.type(await screen.findByLabelText(/Email/), 'ada@acme.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Purchase Plan' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/purchase-plan');
    await waitFor(() => expect(stored(SESSION_STORAGE_KEYS.billing)).toBeNull());
    expect(useSessionStore.getState().selectedPlan).toBe(PLAN);
  });

  it.each(['edit-plan', 'change-plan', 'payment-review'])('sends a signed-out visitor of %s to sign in, returning to the same address', async (path) => {
    const entry = path === 'payment-review' ? `/${path}?plan=${PLAN}&licenses=10&cycle=monthly&currency=USD&autoRenewal=true` : `/${path}?subscription=${SUBSCRIPTION}`;
    const router = visit(entry);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(entry);
    expect(useSessionStore.getState().flags.billing).toBe(false);
  });

  it('opens the payment review again after signing in, from its address alone', async () => {
    const entry = `/payment-review?plan=${PLAN}&licenses=10&cycle=monthly&currency=USD&autoRenewal=true`;
    const router = visit(entry);
    await userEvent.type(await screen.findByLabelText(/Email/), 'ada@acme.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Payment Review' })).toBeVisible();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(entry);
  });
});
