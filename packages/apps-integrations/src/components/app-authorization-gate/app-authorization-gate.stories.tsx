import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SESSION_STORAGE_KEYS, useSessionStore } from '@portal/auth';
import { AuthTestFrame, fakeCurrentUser, fakeTenantInfo, installFakeApi, json, problem } from '@portal/auth/testing';
import type { FakeRoutes } from '@portal/auth/testing';
import { AppAuthorizationGate } from './app-authorization-gate';

/** `parameters.entry`: the url the visitor arrives with (the route pattern is its path). */
type EntryParameter = { entry: string };

const withEntry: Decorator = (Story, { parameters }) => {
  const { entry } = parameters as EntryParameter;
  return (
    <AuthTestFrame path={entry.split('?')[0] ?? '/'} initialEntry={entry}>
      <Story />
    </AuthTestFrame>
  );
};

const signedOut: FakeRoutes = {
  getTenantInfo: json(fakeTenantInfo()),
  getCurrentUser: problem(401, 'unauthenticated'),
};

const signedIn: FakeRoutes = {
  getTenantInfo: json(fakeTenantInfo()),
  getCurrentUser: json(fakeCurrentUser()),
};

function arrive(routes: FakeRoutes, flags: { slack?: boolean; googleAddOn?: boolean } = {}) {
  return () => {
    window.sessionStorage.clear();
    useSessionStore.getState().hydrate();
    if (flags.slack) useSessionStore.getState().setFlag('slack', true);
    if (flags.googleAddOn) useSessionStore.getState().setFlag('googleAddOn', true);
    installFakeApi(routes);
  };
}

const stored = (key: string) => JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as unknown;

const meta = {
  title: 'Apps/AppAuthorizationGate',
  component: AppAuthorizationGate,
  decorators: [withEntry],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AppAuthorizationGate>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Slack's consent request while signed out: its request and flag are kept, then login. */
export const SlackSignedOut: Story = {
  args: { app: 'slack' },
  parameters: { entry: '/slack-authorization?state=st-81&client_id=slack-app&response_type=code&team=T1' } satisfies EntryParameter,
  beforeEach: arrive(signedOut),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^\/login$/);
    await expect(stored(SESSION_STORAGE_KEYS.slackRequest)).toEqual({ state: 'st-81', client_id: 'slack-app', response_type: 'code' });
    await expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.slack)).toBe('enabled');
  },
};

/** The Google add-on's request while signed out keeps only its state. */
export const GoogleAddOnSignedOut: Story = {
  args: { app: 'googleAddOn' },
  parameters: { entry: '/google-addon?state=g-42&client_id=ignored' } satisfies EntryParameter,
  beforeEach: arrive(signedOut),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^\/login$/);
    await expect(stored(SESSION_STORAGE_KEYS.googleAddOnRequest)).toEqual({ state: 'g-42' });
    await expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.googleAddOn)).toBe('enabled');
    await expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.slack)).toBeNull();
  },
};

/** Signed in, with no consent screen yet: the missing page, and the flag no longer pending. */
export const SignedIn: Story = {
  args: { app: 'slack' },
  parameters: { entry: '/slack-authorization' } satisfies EntryParameter,
  beforeEach: arrive(signedIn, { slack: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Oops. This page has gone missing.')).toBeVisible();
    await waitFor(() => expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.slack)).toBeNull());
    await userEvent.click(canvas.getByRole('link', { name: 'Go Home' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/landing-page');
  },
};

/** The server cannot say who is signed in: nothing is decided, and the visitor can retry. */
export const ServerFailure: Story = {
  args: { app: 'googleAddOn' },
  parameters: { entry: '/google-addon?state=g-42' } satisfies EntryParameter,
  beforeEach: arrive({ ...signedOut, getCurrentUser: problem(503, 'unavailable') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed, Try Again..!!');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.googleAddOn)).toBeNull();
  },
};
