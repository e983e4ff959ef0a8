import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { composeStories } from '@storybook/react-vite';
import { AuthTestFrame, problem } from '@portal/auth/testing';
import { itRendersInEveryLanguage } from '@portal/ui-kit/testing';
import { AppsScreen } from './apps-screen';
import { fakePlugins, installFakeApps } from './apps-screen.fixtures';
import * as stories from './apps-screen.stories';

const { English, French, Arabic, Uzbek } = composeStories(stories);

function show(options: Parameters<typeof installFakeApps>[0] = {}) {
  const fake = installFakeApps(options);
  const went: string[] = [];
  render(
    <AuthTestFrame path="/app">
      <AppsScreen goTo={(url) => went.push(url)} />
    </AuthTestFrame>,
  );
  return { fake, went };
}

const card = async (name: string) => within(await screen.findByRole('region', { name }));

describe('AppsScreen', () => {
  it('shows the four apps: Slack, Neosound, the Gmail add-on and end-to-end encryption', async () => {
    show();
    expect(await screen.findByRole('heading', { name: 'Apps' })).toBeVisible();
    for (const name of ['Slack', 'Neosound', 'Gmail add-on', 'End-to-end encryption']) expect(await screen.findByRole('region', { name })).toBeVisible();
  });

  it('enables Neosound, shows the information dialog, then offers Open Neosound and Disable', async () => {
    const { fake, went } = show();
    const neosound = await card('Neosound');
    await userEvent.click(neosound.getByRole('button', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neosound is enabled' });
    expect(await screen.findByText('Transcription enabled successfully')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open Neosound' }));
    await vi.waitFor(() => expect(went).toEqual(['https://app.neosound.test/login/1']));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(fake.calls).toContain('createNeosoundAccount');
    expect(await neosound.findByRole('button', { name: 'Disable' })).toBeVisible();
  }, 30_000);

  it('disables Neosound after confirming', async () => {
    const { fake } = show({ plugins: fakePlugins({ neosound: { enabled: true, hasAccount: true } }) });
    await userEvent.click((await card('Neosound')).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to disable Neosound? Recordings you already sent stay in your Neosound account.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Transcription disabled successfully')).toBeVisible();
    expect(fake.calls).toContain('disablePlugin');
  }, 30_000);

  it("says what went wrong when Neosound cannot be reached", async () => {
    show({ extra: { createNeosoundAccount: problem(502, 'neosound_failed') } });
    await userEvent.click((await card('Neosound')).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Neosound could not be reached or refused the request. Please try again later.')).toBeVisible();
  }, 30_000);

  it('tells a member Neosound is not set up when the tenant has no Neosound', async () => {
    show({ plugins: fakePlugins({ neosound: { available: false } }) });
    expect(await (await card('Neosound')).findByText('Neosound is not set up for your organisation yet. Ask your administrator.')).toBeVisible();
  });

  it('explains how to install the Gmail add-on the first time, and disables it after confirming', async () => {
    show();
    await userEvent.click((await card('Gmail add-on')).getByRole('button', { name: 'Install' }));
    expect(await screen.findByRole('dialog', { name: 'Install the Gmail add-on' })).toBeVisible();
  });

  it('disables an authorised Gmail add-on after confirming', async () => {
    show({ plugins: fakePlugins({ 'gmail-addon': { enabled: true, hasAccount: true } }) });
    await userEvent.click((await card('Gmail add-on')).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to disable the Google add-on?')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Google add-on disabled successfully')).toBeVisible();
  }, 30_000);

  it('lets a tenant administrator switch end-to-end encryption on after confirming; a member only sees it', async () => {
    show({ role: 'tenantadmin', plugins: fakePlugins({ e2ee: { canManage: true } }) });
    const e2ee = await card('End-to-end encryption');
    await userEvent.click(e2ee.getByRole('switch', { name: 'End-to-end encryption for new meetings' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('End-to-end encryption enabled successfully')).toBeVisible();
    await vi.waitFor(() => expect(e2ee.getByRole('switch')).toBeChecked());
  }, 30_000);

  it('shows the switch disabled to a member', async () => {
    show();
    const e2ee = await card('End-to-end encryption');
    expect(e2ee.getByRole('switch')).toBeDisabled();
    expect(e2ee.getByText("Only your organisation's administrators can change this.")).toBeVisible();
  });

  it('connects Slack to the own account', async () => {
    const { went } = show();
    await userEvent.click(await (await card('Slack')).findByRole('button', { name: 'Connect' }));
    await vi.waitFor(() => expect(went).toEqual(['https://slack.test/oauth?state=1']));
  });

  it('shows the failure with Retry', async () => {
    show({ extra: { getPluginsInfo: problem(500, 'internal') } });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible();
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
