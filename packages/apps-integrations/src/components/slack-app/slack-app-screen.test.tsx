import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { AuthTestFrame, fakeCurrentUser, installFakeApi, json, noContent, problem, type FakeRoutes } from '@portal/auth/testing';
import { SlackAppScreen } from './slack-app-screen';

const status = { available: true, enabled: true, teamId: 'T0ACME0001', command: '/acme-meet', workspaceInstalled: false, linked: true, ownInstall: true };

function show(routes: FakeRoutes, role = 'member') {
  const fake = installFakeApi({ getCurrentUser: json({ ...fakeCurrentUser(), role }), ...routes });
  const went: string[] = [];
  render(
    <AuthTestFrame path="/slack">
      <SlackAppScreen goTo={(url) => went.push(url)} />
    </AuthTestFrame>,
  );
  return { fake, went };
}

describe('SlackAppScreen', () => {
  it("sends a member to Slack's own-account address with 'Add to ONLY my Slack account'; no workspace install for a member", async () => {
    const { went } = show({ getSlackStatus: json(status), slackInstallUrl: json({ url: 'https://slack.test/oauth?state=1' }) });
    expect(await screen.findByText('Use /acme-meet in Slack to start a meeting or join one by its meeting ID.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Install for the whole workspace' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add to ONLY my Slack account' }));
    await vi.waitFor(() => expect(went).toEqual(['https://slack.test/oauth?state=1']));
  });

  it('offers an administrator the workspace install', async () => {
    const { went } = show({ getSlackStatus: json(status), getAppInstallUrl: json({ url: 'https://slack.test/ws' }) }, 'tenantadmin');
    await userEvent.click(await screen.findByRole('button', { name: 'Install for the whole workspace' }));
    await vi.waitFor(() => expect(went).toEqual(['https://slack.test/ws']));
  });

  it('uninstalls from the own account after confirming', async () => {
    let linked = true;
    const { fake } = show({
      getSlackStatus: () => json({ ...status, linked, ownInstall: linked }),
      deleteSlackUser: () => {
        linked = false;
        return noContent();
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Uninstall' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to uninstall Slack from your account?')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Uninstall' }));
    await vi.waitFor(() => expect(fake.calls).toContain('deleteSlackUser'));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Uninstall' })).toBeNull());
  });

  it('says when the organisation has no Slack, and offers Retry after a failure', async () => {
    show({ getSlackStatus: json({ ...status, enabled: false, teamId: null, command: null }) });
    expect(await screen.findByText('Slack is not set up for your organisation yet. Ask your administrator.')).toBeVisible();
  });

  it('asks a signed-out visitor to sign in first', async () => {
    installFakeApi({ getCurrentUser: problem(401, 'unauthenticated') });
    render(
      <AuthTestFrame path="/slack">
        <SlackAppScreen />
      </AuthTestFrame>,
    );
    expect(await screen.findByText('Sign in to the portal to add the app to your Slack account.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });

  it('shows the failure with Retry', async () => {
    show({ getSlackStatus: problem(500, 'internal') });
    expect(await screen.findByText('Failed, try again')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
