import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AuthTestFrame, fakeCurrentUser, fakeTenantInfo, installFakeApi, json, problem } from '@portal/auth/testing';
import type { FakeRoutes } from '@portal/auth/testing';
import { LandingPage } from './landing-page';

const signedIn: FakeRoutes = {
  getTenantInfo: json(fakeTenantInfo()),
  getCurrentUser: json(fakeCurrentUser({ permissions: ['meeting.schedule.get', 'meeting.schedule.put', 'user.profile.get'] })),
};

const signedOut: FakeRoutes = {
  getTenantInfo: json(fakeTenantInfo()),
  getCurrentUser: problem(401, 'unauthenticated'),
};

const meta = {
  title: 'Meetings/LandingPage',
  component: LandingPage,
  args: { version: '4.4.0', build: '20231111' },
  decorators: [
    (Story) => (
      <AuthTestFrame path="/landing-page">
        <Story />
      </AuthTestFrame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LandingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A signed-in user gets the three quick actions; each opens its screen. */
export const SignedIn: Story = {
  beforeEach: () => {
    installFakeApi(signedIn);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Schedule a meeting' })).toHaveAttribute('href', '/schedule-meeting');
    await expect(canvas.getByRole('button', { name: 'Join a meeting' })).toBeInTheDocument();
    await expect(canvas.getByText('Version 4.4.0')).toBeVisible();
    await expect(canvas.getByText('Build 20231111')).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'View profile' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/profile');
  },
};

/** A role that cannot schedule meetings (say, a custom role viewing users) is not offered to schedule one. */
export const CannotSchedule: Story = {
  beforeEach: () => {
    installFakeApi({ ...signedIn, getCurrentUser: json(fakeCurrentUser({ role: 'member', roles: ['User viewers'], permissions: ['user.get', 'user.profile.get'] })) });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'View profile' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Join a meeting' })).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Schedule a meeting' })).toBeNull();
  },
};

/** Join a meeting asks for the meeting id, then opens the meeting's page. */
export const JoinMeeting: Story = {
  beforeEach: () => {
    installFakeApi(signedIn);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Join a meeting' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Join a meeting' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Meeting ID/ }), '80000000001');
    await userEvent.click(dialog.getByRole('button', { name: 'Join' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/join/80000000001');
  },
};

/** A signed-out visitor is welcomed with the tenant's brand and invited to sign in. */
export const SignedOut: Story = {
  beforeEach: () => {
    installFakeApi(signedOut);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Welcome to Acme Meetings' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'View profile' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    await expect(canvas.getByText('Version 4.4.0')).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Login' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login');
  },
};
