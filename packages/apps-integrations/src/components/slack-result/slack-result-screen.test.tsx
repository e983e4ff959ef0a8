import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createTestQueryClient, fakeCurrentUser, installFakeApi, json, LocationDisplay, problem, type FakeRoutes } from '@portal/auth/testing';
import { UiTestProviders } from '@portal/ui-kit/testing';
import { approvalOf, SlackResultScreen, type SlackResultKind } from './slack-result-screen';

const status = { available: true, enabled: true, teamId: 'T0ACME0001', command: '/acme-meet', workspaceInstalled: true, linked: true, ownInstall: false };

function visit(kind: SlackResultKind, entry: string, api: FakeRoutes) {
  const fake = installFakeApi({ getCurrentUser: json(fakeCurrentUser()), ...api });
  const router = createMemoryRouter(
    [
      { path: '/slack-result', element: <SlackResultScreen kind={kind} /> },
      { path: '*', element: <LocationDisplay /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <UiTestProviders>
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </UiTestProviders>,
  );
  return { router, fake };
}

describe('approvalOf', () => {
  it("reads the code and state Slack sent, or the portal's consent for the slash command's link", () => {
    expect(approvalOf('install', new URLSearchParams('code=c1&state=s1'))).toEqual({ kind: 'workspace', code: 'c1', state: 's1' });
    expect(approvalOf('authentication', new URLSearchParams('code=c1&state=s1'))).toEqual({ kind: 'user', code: 'c1', state: 's1' });
    expect(approvalOf('authentication', new URLSearchParams('consent=slack&code=c2&state=tok'))).toEqual({ kind: 'link', token: 'tok', code: 'c2' });
    // Declined on the consent screen: no code, nothing to link.
    expect(approvalOf('authentication', new URLSearchParams('consent=slack&error=access_denied&state=tok'))).toBeNull();
    expect(approvalOf('install', new URLSearchParams('error=access_denied&state=s1'))).toBeNull();
    expect(approvalOf('install', new URLSearchParams('link=tok'))).toBeNull();
    expect(approvalOf('authentication', new URLSearchParams('link=tok'))).toBeNull();
  });
});

describe('SlackResultScreen', () => {
  it('completes the workspace install once and shows the installed text with the command; Go Home leaves', async () => {
    const { router, fake } = visit('install', '/slack-result?code=c1&state=s1', { installSlackApp: json(status) });
    expect(await screen.findByText('The product is installed on your Slack workspace.')).toBeVisible();
    expect(screen.getByText('Type /acme-meet in a Slack channel to start a meeting, or /acme-meet followed by a meeting ID to join one.')).toBeVisible();
    expect(screen.getByText('To remove it, go to Apps, Slack, Uninstall.')).toBeVisible();
    expect(fake.calls.filter((call) => call === 'installSlackApp')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Try Slack' })).toHaveAttribute('href', 'https://app.slack.com/client/T0ACME0001');
    await userEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(router.state.location.pathname).toBe('/landing-page');
  });

  it("shows the spec's install failure text when the server refuses, and when Slack sent an error", async () => {
    visit('install', '/slack-result?code=bad&state=s1', { installSlackApp: problem(409, 'slack_install_failed') });
    expect(await screen.findByText('Installation of the product on Slack is failed. Please try again and if the problem persist, please contact support.')).toBeVisible();
  });

  it("authorizes the own-account install, or links the slash command's Slack user after the consent", async () => {
    const { fake } = visit('authentication', '/slack-result?consent=slack&code=code-1&state=tok-1', { connectUser: json({ ...status, linked: true }) });
    expect(await screen.findByText('Authorized')).toBeVisible();
    expect(screen.getByText('This installation is for your own Slack account only.')).toBeVisible();
    expect(fake.bodies[fake.calls.indexOf('connectUser')]).toEqual({ token: 'tok-1', code: 'code-1' });
  });

  it('asks a signed-out person to sign in, and comes back to the consent', async () => {
    const { router, fake } = visit('authentication', '/slack-result?consent=slack&code=code-1&state=tok-1', { getCurrentUser: problem(401, 'unauthenticated') });
    expect(await screen.findByText('Sign in to the portal to link your Slack account.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/slack-result?consent=slack&code=code-1&state=tok-1');
    expect(fake.calls).not.toContain('connectUser');
  });

  it('says Authorization Failure when the approval is refused', async () => {
    visit('authentication', '/slack-result?code=c&state=s', { authSlackUser: problem(409, 'slack_auth_failed') });
    expect(await screen.findByText('Authorization Failure')).toBeVisible();
  });
});
