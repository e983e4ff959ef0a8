import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useSessionStore } from '@portal/auth';
import { json, signInAbleApi } from '@portal/auth/testing';
import { currentPath, currentPathname, renderPortal, signedInApi, signedOutApi } from '../testing/render-portal';
import { featureRoutes, portalRoutes, signInFlowPaths } from './portal-routes';
import { nonSpecRoutePaths, specRoutes } from './spec-routes';

// spec/routes.txt lives in the shared folder beside the repository (CI checks it out there too).
const routesFile = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/spec/routes.txt');

function specPaths(): string[] {
  return readFileSync(routesFile, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

// `{meetingid}` in routes.txt and `:meetingid` in the router name the same parameter.
const asPattern = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const withSampleParams = (path: string) => path.replace(/:\w+/g, '3f2b8c1e-0000-4000-8000-000000000001');

const publicScreens: Record<string, () => Promise<unknown>> = {
  login: () => screen.findByRole('heading', { name: 'Welcome to Acme' }),
  'auth/reset-password': () => screen.findByRole('heading', { name: 'Reset password' }),
  register: () => screen.findByRole('heading', { name: 'Create your account' }),
  'thank-you': () => screen.findByRole('heading', { name: 'Thank you for registering!' }),
  'create-password': () => screen.findByRole('heading', { name: 'Create password' }),
  'forgot-password': () => screen.findByRole('heading', { name: 'Forgot password' }),
  signup: () => screen.findByRole('heading', { name: /^Sign up/ }),
  'getting-started': () => screen.findByRole('heading', { name: 'Getting started' }),
  'landing-page': () => screen.findByRole('heading', { name: 'Welcome to Acme Meetings' }),
  'launch-page': () => screen.findByRole('heading', { name: 'Start or join a meeting' }),
  // The fake API knows no meeting with this code: the room page says so.
  'join/:code': () => screen.findByText('This meeting does not exist. Check the meeting link.'),
  // The fake API knows no share link: the player page says the lookup failed.
  'recording/:token': () => screen.findByRole('button', { name: 'Retry' }),
  'select-plans': () => screen.findByRole('heading', { name: 'Select a plan' }),
  'payment-processing': () => screen.findByRole('heading', { name: 'Purchased plan is under processing...' }),
  // Without the code Slack hands back, the Slack result pages show their failure.
  'slack-install': () => screen.findByRole('heading', { name: 'Slack installation' }),
  'slack-authentication': () => screen.findByRole('heading', { name: 'Slack authentication' }),
  // Signed out, the Slack page asks to sign in first.
  slack: () => screen.findByText('Sign in to the portal to add the app to your Slack account.'),
};

// What a signed-in user sees on those pages: the flow's screen, or the missing page until it is built.
const signedInScreens: Record<string, () => Promise<HTMLElement>> = {
  'purchase-plan': () => screen.findByRole('heading', { name: 'Purchase Plan' }),
  'google-addon': () => screen.findByRole('heading', { name: 'Thank you for registering' }),
};

// Public pages that need an account (access.md): a signed-out visitor is sent to login, and the
// flag they set brings them back after sign-in.
const signInFirst = new Set(['slack-authorization', 'google-addon', 'purchase-plan']);

// Public in the spec, but they act on the signed-in user's tenant: a signed-out visitor signs in
// and comes back to the same address (no flag).
const loginFirst = new Set(['edit-plan', 'change-plan', 'payment-review']);

// Compiling the lazy screens on first use can outlast a query's timeout on a busy machine. Compiling
// every feature's screens took over 10 s (the default hook timeout) at load 12, so it has its own.
beforeAll(async () => {
  for (const route of featureRoutes) if (typeof route.lazy === 'function') await route.lazy();
}, 120_000);

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSessionStore.getState().hydrate();
});

describe('the portal routes', () => {
  it.runIf(existsSync(routesFile))('cover every path of spec/routes.txt', () => {
    const known = specRoutes.map((route) => route.path.toLowerCase());
    for (const path of specPaths()) expect(known, path).toContain(asPattern(path).toLowerCase());
    expect(specRoutes.filter((route) => !nonSpecRoutePaths.has(route.path))).toHaveLength(specPaths().length);
  });

  describe.each(specRoutes.filter((route) => route.access.kind === 'public' && !signInFirst.has(route.path) && !loginFirst.has(route.path)))('public route $path', ({ path }) => {
    it('opens without sign-in: its screen, or the missing page until it is built', async () => {
      const { router } = renderPortal(`/${path}`, signedOutApi);
      const screenShown = publicScreens[path];
      if (screenShown) await screenShown();
      else expect(await screen.findByText('Oops. This page has gone missing.')).toBeVisible();
      expect(currentPathname(router)).toBe(`/${path}`);
    });
  });

  describe.each(specRoutes.filter((route) => route.access.kind === 'protected'))('protected route $path', ({ path }) => {
    it('sends a signed-out visitor to login, carrying the path', async () => {
      const target = `/${withSampleParams(path)}`;
      const { router } = renderPortal(`${target}?from=test`, signedOutApi);
      await waitFor(() => expect(currentPathname(router)).toBe('/login'));
      expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(`${target}?from=test`);
      expect(await screen.findByRole('button', { name: 'Login' })).toBeVisible();
    });
  });

  describe.each([...loginFirst])('public route %s that signs in first', (path) => {
    it('sends a signed-out visitor to login, carrying the address', async () => {
      const { router } = renderPortal(`/${path}?subscription=3f2b8c1e-0000-4000-8000-000000000001`, signedOutApi);
      await waitFor(() => expect(currentPathname(router)).toBe('/login'));
      expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(`/${path}?subscription=3f2b8c1e-0000-4000-8000-000000000001`);
      expect(Object.values(useSessionStore.getState().flags)).not.toContain(true);
    });
  });

  describe.each([...signInFirst])('public route %s that needs an account', (path) => {
    it('sends a signed-out visitor to login with its flag, and opens for a signed-in user', async () => {
      const { router } = renderPortal(`/${path}`, signedOutApi);
      await waitFor(() => expect(currentPath(router)).toBe('/login'));
      expect(await screen.findByRole('button', { name: 'Login' })).toBeVisible();
      expect(Object.values(useSessionStore.getState().flags)).toContain(true);
      cleanup();

      const signedIn = renderPortal(`/${path}`, signedInApi());
      expect(await (signedInScreens[path]?.() ?? screen.findByText('Oops. This page has gone missing.'))).toBeVisible();
      expect(currentPathname(signedIn.router)).toBe(`/${path}`);
      await waitFor(() => expect(Object.values(useSessionStore.getState().flags)).not.toContain(true));
    });
  });

  it('continues a sign-in at the page of the flow started signed out, in the spec order', async () => {
    expect(signInFlowPaths).toEqual({ slack: '/slack-authorization', googleAddOn: '/google-addon', billing: '/purchase-plan' });
    useSessionStore.getState().setFlag('billing', true);
    const { router } = renderPortal('/slack-authorization', signInAbleApi());
    await userEvent.type(await screen.findByLabelText(/Email/), 'ada@acme.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentPathname(router)).toBe('/slack-authorization'));
    expect(await screen.findByText('Oops. This page has gone missing.')).toBeVisible();
  });

  it('redirects the root to the landing page and ignores a trailing slash', async () => {
    const { router } = renderPortal('/', signedOutApi);
    await waitFor(() => expect(currentPathname(router)).toBe('/landing-page'));
    const second = renderPortal('/login/', signedOutApi);
    expect(await screen.findAllByRole('heading', { name: 'Welcome to Acme' })).not.toHaveLength(0);
    expect(second.router.state.matches.at(-1)?.route.path).toBe('login');
  });

  it('shows the missing page for unknown paths', async () => {
    renderPortal('/no-such-screen', signedOutApi);
    expect(await screen.findByText('Oops. This page has gone missing.')).toBeVisible();
  });

  it('opens a built screen for a signed-in user whose tree holds it, inside the shell', async () => {
    renderPortal('/user', signedInApi());
    expect(await screen.findByText('There are no users!')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Live meetings' }).length).toBeGreaterThan(0);
  });

  it('matches route paths case-insensitively (Roles, Tenant/{uuid})', async () => {
    const { router } = renderPortal('/roles', signedOutApi);
    await waitFor(() => expect(currentPath(router)).toBe('/login?redirect=%2Froles'));
  });

  it('opens Live meetings from its menu item, pushed by the server or polling', async () => {
    renderPortal('/live-meeting', { ...signedInApi(), currentMeetings: json({ items: [], nextCursor: null }) });
    expect(await screen.findByText('There are no live meetings!')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Live meetings' })).toBeVisible();
  });

  it("opens the Dashboard from its menu item with the tenant's figures", async () => {
    const empty = { cards: { meetings: 0, hours: 0, participants: 0, users: 0, tenants: null }, topUsers: [], topTenants: [], platforms: [], operatingSystems: [], days: [] };
    renderPortal('/dashboard', { ...signedInApi(), dashboardInfo: json({ startDate: '2026-11-01', endDate: '2026-11-30', timeZone: 'UTC', ...empty }) });
    expect(await screen.findByText('There are no meetings in this period!')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  });

  it('opens Cloud recordings from its menu item', async () => {
    renderPortal('/cloud-recordings', { ...signedInApi(), getRecordings: json({ items: [], nextCursor: null }) });
    expect(await screen.findByText('There are no recordings for this period!')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Cloud recordings', level: 2 })).toBeVisible();
  });

  it('shows the missing page inside the shell for a screen not built yet', async () => {
    // Cloud recordings as it was before its screen was registered.
    renderPortal('/cloud-recordings', signedInApi(), portalRoutes(featureRoutes.filter((feature) => feature.path !== 'cloud-recordings')));
    expect(await screen.findByText('Oops. This page has gone missing.')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  it('sends a signed-in user whose role is outside the route group to login, saying the account cannot open it', async () => {
    const { router } = renderPortal('/user', signedInApi('member'));
    await waitFor(() => expect(currentPath(router)).toBe('/login?denied=1'));
    expect(await screen.findByText(/Your account cannot open that page/)).toBeVisible();
    expect(screen.queryByText('There are no users!')).toBeNull();
  });

  it('shows the quick actions, version and build on the landing page once signed in', async () => {
    renderPortal('/landing-page', signedInApi());
    expect(await screen.findByRole('link', { name: 'View profile' })).toHaveAttribute('href', '/portal/profile');
    expect(screen.getByRole('link', { name: 'Schedule a meeting' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join a meeting' })).toBeVisible();
    expect(screen.getByText('Version 4.4.0')).toBeVisible();
    expect(screen.getByText('Build 20231111')).toBeVisible();
  });
});
