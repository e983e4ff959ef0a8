import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AuthTestFrame, installFakeApi, json, noContent, problem } from '../../testing';
import type { FakeRoutes } from '../../testing';
import { TwoFactorPanel } from './two-factor-panel';
import { fakeRecoveryCodes, fakeSetup, qrDataUrl } from './two-factor-panel.fixtures';


const off = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const on = { enabled: true, enabledAt: '2026-01-05T10:00:00.000Z', recoveryCodesLeft: 10 };

/** Answers like the server: the status follows enable and disable. */
function statefulRoutes(startEnabled: boolean): FakeRoutes {
  let enabled = startEnabled;
  return {
    getTwoFactorStatus: () => json(enabled ? on : off),
    get2FA: async (request) => {
      const { password } = (await request.json()) as { password: string };
      return password === 'Secret123' ? json(fakeSetup) : problem(400, 'password_incorrect');
    },
    enable2FA: async (request) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== '123456') return problem(400, 'code_invalid');
      enabled = true;
      return json({ recoveryCodes: fakeRecoveryCodes });
    },
    disable2FA: async (request) => {
      const body = (await request.json()) as { password: string; code: string };
      if (body.password !== 'Secret123') return problem(400, 'password_incorrect');
      if (body.code !== '654321') return problem(400, 'code_invalid');
      enabled = false;
      return noContent();
    },
  };
}

const meta = {
  title: 'Auth/TwoFactorPanel',
  component: TwoFactorPanel,
  decorators: [
    (Story) => (
      <AuthTestFrame path="/profile">
        <Story />
      </AuthTestFrame>
    ),
  ],
} satisfies Meta<typeof TwoFactorPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Off → Enable → password (a wrong one first) → QR code and key → code (a wrong one first) → recovery codes. */
export const EnableFlow: Story = {
  beforeEach: () => {
    installFakeApi(statefulRoutes(false));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Off')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Enable' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByText('Enter a valid password')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Password'), 'wrong');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByText('Password incorrect, try again')).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Password'));
    await userEvent.type(canvas.getByLabelText('Password'), 'Secret123');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));

    await expect(await canvas.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', qrDataUrl);
    await expect(canvas.getByLabelText('Secret key')).toHaveValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await userEvent.type(canvas.getByLabelText('Authentication code'), '12');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByText('Enter the 6-digit code')).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Authentication code'));
    await userEvent.type(canvas.getByLabelText('Authentication code'), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByText('Invalid code, try again')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Authentication code'), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));

    const codes = await canvas.findByRole('group', { name: 'Recovery codes' });
    await expect(codes).toHaveTextContent(fakeRecoveryCodes[0]!);
    await expect(codes).toHaveTextContent(fakeRecoveryCodes[9]!);
    await waitFor(() => expect(within(document.body).getAllByText('Two-factor authentication enabled').length).toBeGreaterThan(0));
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(await canvas.findByText('On')).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Recovery codes' })).toBeNull();
  },
};

/** On → Disable → password and code, each checked by the server → off again. */
export const DisableFlow: Story = {
  beforeEach: () => {
    installFakeApi(statefulRoutes(true));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('On')).toBeVisible();
    await expect(canvas.getByText('Recovery codes left: 10')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Disable' }));
    const form = await canvas.findByRole('form', { name: 'Turn off two-factor authentication' });
    await userEvent.type(within(form).getByLabelText('Password'), 'nope');
    await userEvent.type(within(form).getByLabelText('Authentication code'), '654321');
    await userEvent.click(within(form).getByRole('button', { name: 'Disable' }));
    await expect(await canvas.findByText('Password incorrect, try again')).toBeVisible();
    await userEvent.clear(within(form).getByLabelText('Password'));
    await userEvent.type(within(form).getByLabelText('Password'), 'Secret123');
    await userEvent.clear(within(form).getByLabelText('Authentication code'));
    await userEvent.type(within(form).getByLabelText('Authentication code'), '111111');
    await userEvent.click(within(form).getByRole('button', { name: 'Disable' }));
    await expect(await canvas.findByText('Invalid code, try again')).toBeVisible();
    await userEvent.clear(within(form).getByLabelText('Authentication code'));
    await userEvent.type(within(form).getByLabelText('Authentication code'), '654321');
    await userEvent.click(within(form).getByRole('button', { name: 'Disable' }));
    await expect(await canvas.findByText('Off')).toBeVisible();
    await waitFor(() => expect(within(document.body).getAllByText('Two-factor authentication disabled').length).toBeGreaterThan(0));
  },
};

/** The status cannot be loaded: the failure and a way to retry. */
export const LoadFailed: Story = {
  beforeEach: () => {
    installFakeApi({ getTwoFactorStatus: problem(500, 'internal') });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed, try again');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};
