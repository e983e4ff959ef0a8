import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { AuthTestFrame, installFakeApi, json, problem } from '../../testing';
import * as stories from './two-factor-panel.stories';
import { TwoFactorPanel } from './two-factor-panel';
import { fakeRecoveryCodes, fakeSetup } from './two-factor-panel.fixtures';

const { EnableFlow, DisableFlow, LoadFailed } = composeStories(stories);

describe('TwoFactorPanel stories', () => {
  it('turns two-factor on: password, QR code and key, code, recovery codes', async () => {
    await playStory(EnableFlow);
  });

  it('turns two-factor off with the password and a code', async () => {
    await playStory(DisableFlow);
  });

  it('offers a retry when the status cannot be loaded', async () => {
    await playStory(LoadFailed);
  });
});

describe('TwoFactorPanel', () => {
  it('sends the password, then the code, and copies the recovery codes', async () => {
    // setup() gives the test a clipboard to read back.
    const user = userEvent.setup();
    const fakeFetch = installFakeApi({
      getTwoFactorStatus: json({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 }),
      get2FA: json(fakeSetup),
      enable2FA: json({ recoveryCodes: fakeRecoveryCodes }),
    });
    render(
      <AuthTestFrame path="/profile">
        <TwoFactorPanel />
      </AuthTestFrame>,
    );
    await user.click(await screen.findByRole('button', { name: 'Enable' }));
    await user.type(screen.getByLabelText('Password'), 'Secret123{Enter}');
    await user.type(await screen.findByLabelText('Authentication code'), '123456{Enter}');
    const codes = await screen.findByRole('group', { name: 'Recovery codes' });
    expect(fakeFetch.bodies).toEqual(expect.arrayContaining([{ password: 'Secret123' }, { code: '123456' }]));
    await user.click(screen.getByRole('button', { name: 'Copy Recovery codes' }));
    expect(await navigator.clipboard.readText()).toBe(fakeRecoveryCodes.join('\n'));
    expect(within(codes).getByText(/abcde-22220/)).toBeInTheDocument();
  });

  it('explains a lockout after too many wrong codes', async () => {
    installFakeApi({
      getTwoFactorStatus: json({ enabled: true, enabledAt: '2026-01-05T10:00:00.000Z', recoveryCodesLeft: 3 }),
      disable2FA: problem(429, 'too_many_attempts'),
    });
    render(
      <AuthTestFrame path="/profile">
        <TwoFactorPanel />
      </AuthTestFrame>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
  });
});
