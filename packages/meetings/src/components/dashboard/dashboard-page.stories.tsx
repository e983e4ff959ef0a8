import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { fakeCurrentUser, json } from '@portal/auth/testing';
import { withMeetingsProviders } from '../../testing';
import { fakeDashboardApiLoader, loadedDashboardApi } from '../../testing/fake-dashboard-api';
import { DashboardPage } from './dashboard-page';

const me = (role: string) => ({ getCurrentUser: json(fakeCurrentUser({ role, roles: [role] })) });

const meta = {
  title: 'Meetings/DashboardPage',
  component: DashboardPage,
  decorators: [withMeetingsProviders],
  parameters: { route: '/dashboard' },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The platform super administrator reads every tenant (superTenantDashboard). */
export const SuperAdmin: Story = {
  loaders: [fakeDashboardApiLoader({ routes: me('superadmin') })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Top Tenants' })).toBeInTheDocument();
    const api = loadedDashboardApi(loaded);
    await expect(api.requestsOf('superTenantDashboard')).toHaveLength(1);
    await expect(api.requestsOf('dashboardInfo')).toHaveLength(0);
  },
};

/** A tenant administrator reads their tenant (dashboardInfo). */
export const TenantAdmin: Story = {
  loaders: [fakeDashboardApiLoader({ routes: me('tenantadmin') })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Top Users' })).toBeInTheDocument();
    const api = loadedDashboardApi(loaded);
    await waitFor(() => expect(api.requestsOf('dashboardInfo')).toHaveLength(1));
    await expect(api.requestsOf('superTenantDashboard')).toHaveLength(0);
  },
};
