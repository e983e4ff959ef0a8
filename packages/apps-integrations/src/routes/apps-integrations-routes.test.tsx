import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { postLoginRedirect, SESSION_STORAGE_KEYS, useSessionStore } from '@portal/auth';
import { fakeCurrentUser, fakeTenantInfo, json, preloadRoutes, visitRoutes } from '@portal/auth/testing';
import type { FakeRoutes } from '@portal/auth/testing';
import { ADDON_CHALLENGE_KEY } from '../components/app-authorization-gate';
import { appsIntegrationsRoutes, appsIntegrationsSignInFlows } from './apps-integrations-routes';

const visit = (entry: string, api?: FakeRoutes) => visitRoutes(appsIntegrationsRoutes, entry, api, appsIntegrationsSignInFlows);

const storedRequest = (key: string) => JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as unknown;

beforeAll(() => preloadRoutes(appsIntegrationsRoutes));

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSessionStore.getState().hydrate();
});

describe('appsIntegrationsRoutes', () => {
  it('serves slack-authorization, google-addon, slack-authentication, slack-install, slack, webhooks and app', () => {
    expect(appsIntegrationsRoutes.map((route) => route.path)).toEqual(['slack-authorization', 'google-addon', 'slack-authentication', 'slack-install', 'slack', 'webhooks', 'app']);
  });

  it('stores exactly the Slack parameters and flag of a signed-out visit and lands on login', async () => {
    const router = visit('/slack-authorization?state=st-1&client_id=slack-app&response_type=code&redirect_uri=https%3A%2F%2Fevil.example');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(storedRequest(SESSION_STORAGE_KEYS.slackRequest)).toEqual({ state: 'st-1', client_id: 'slack-app', response_type: 'code' });
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.slack)).toBe('enabled');
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.googleAddOnRequest)).toBeNull();
  });

  it('overwrites the stored request on a second signed-out visit', async () => {
    visit('/slack-authorization?state=st-1&client_id=slack-app&response_type=code');
    await screen.findByRole('button', { name: 'Login' });
    cleanup();
    visit('/slack-authorization?state=st-2&client_id=other-app');
    await screen.findByRole('button', { name: 'Login' });
    expect(storedRequest(SESSION_STORAGE_KEYS.slackRequest)).toEqual({ state: 'st-2', client_id: 'other-app', response_type: null });
  });

  it("stores only the state of a signed-out Google add-on visit (and, beside it, the add-on's PKCE challenge)", async () => {
    const router = visit('/google-addon?state=g-1&code_challenge=c-1&client_id=ignored');
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(storedRequest(SESSION_STORAGE_KEYS.googleAddOnRequest)).toEqual({ state: 'g-1' });
    expect(storedRequest(ADDON_CHALLENGE_KEY)).toEqual({ codeChallenge: 'c-1', scope: null });
    expect(useSessionStore.getState().flags).toEqual({ slack: false, googleAddOn: true, billing: false });
  });

  it("clears the flag of a signed-in visit and shows the consent's result, Take me to Gmail resuming at the authorization server", async () => {
    useSessionStore.getState().setGoogleAddOnRequest({ state: 'g-1' });
    useSessionStore.getState().setFlag('googleAddOn', true);
    const resume = `${window.location.origin}/oidc/auth/uid-1`;
    visit(`/google-addon?result=authorized&continue=${encodeURIComponent(resume)}`, {
      getTenantInfo: json(fakeTenantInfo()),
      getCurrentUser: json(fakeCurrentUser()),
    });
    expect(await screen.findByText('Google add-on is authorized')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Thank you for registering' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Take me to Gmail' })).toBeVisible();
    await waitFor(() => expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.googleAddOn)).toBeNull());
  });

  it('never resumes at an address the query names elsewhere', async () => {
    visit(`/google-addon?result=declined&continue=${encodeURIComponent('https://evil.example/oidc/auth/x')}`, { getTenantInfo: json(fakeTenantInfo()), getCurrentUser: json(fakeCurrentUser()) });
    expect(await screen.findByText('Authorization Failed..!!')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Take me to the portal' })).toBeVisible();
  });

  it('returns to Slack authorization after signing in, and stops returning there', async () => {
    const router = visit('/slack-authorization?state=st-1&client_id=slack-app&response_type=code');
    await userEvent.type(await screen.findByLabelText(/Email/), 'ada@acme.test');
    expect(postLoginRedirect(useSessionStore.getState().flags, appsIntegrationsSignInFlows, '/user')).toBe('/slack-authorization');
    await userEvent.type(screen.getByLabelText(/Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Oops. This page has gone missing.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/slack-authorization');
    await waitFor(() => expect(useSessionStore.getState().flags.slack).toBe(false));
    expect(postLoginRedirect(useSessionStore.getState().flags, appsIntegrationsSignInFlows)).toBe('/landing-page');
    expect(useSessionStore.getState().slackRequest).toEqual({ state: 'st-1', client_id: 'slack-app', response_type: 'code' });
  });
});
