import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AuthTestFrame, installFakeApi, json, noContent, problem } from '../../../testing';
import type { FakeFetch, FakeRoutes } from '../../../testing';
import { AuthorizedAppsSection } from './authorized-apps-section';

let api: FakeFetch | undefined;

const reportingApp = {
  clientId: 'dc_reports',
  clientName: 'Reporting app',
  scopes: ['meetings:read', 'recordings:read'],
  userInformation: true,
  authorizedAt: '2026-11-20T09:30:00Z',
};

const setup = (routes: FakeRoutes) => () => {
  api = installFakeApi(routes);
};

const meta = {
  title: 'Auth/ProfilePage/AuthorizedAppsSection',
  component: AuthorizedAppsSection,
  decorators: [
    (Story) => (
      <AuthTestFrame path="/profile">
        <Story />
      </AuthTestFrame>
    ),
  ],
} satisfies Meta<typeof AuthorizedAppsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An authorised app with its scopes in words; Revoke access ends it and the list empties. */
export const Revoke: Story = {
  beforeEach: () => {
    let revoked = false;
    api = installFakeApi({
      getAuthorizedApps: () => json({ items: revoked ? [] : [reportingApp] }),
      revokeAuthorizedApp: () => {
        revoked = true;
        return noContent();
      },
    });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Reporting app')).toBeVisible();
    await expect(canvas.getByText('View meetings · View recordings · View user information')).toBeVisible();
    const section = canvas.getByRole('region', { name: 'Authorized apps' });
    await userEvent.click(within(section).getByRole('button', { name: 'Revoke access of Reporting app' }));
    await expect(await canvas.findByText('You have not authorized any apps.')).toBeVisible();
    await expect(api?.paths).toContain('DELETE /me/authorized-apps/dc_reports');
  },
};

/** Nobody authorised yet: the empty text. */
export const Empty: Story = {
  beforeEach: setup({ getAuthorizedApps: json({ items: [] }) }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('You have not authorized any apps.')).toBeVisible();
  },
};

/** The list cannot be read: a retry. */
export const LoadFailure: Story = {
  beforeEach: setup({ getAuthorizedApps: problem(500, 'internal') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible());
  },
};
