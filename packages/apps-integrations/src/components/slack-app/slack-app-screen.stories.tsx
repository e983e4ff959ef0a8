import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AuthTestFrame, fakeCurrentUser, installFakeApi, languageLoader, json, noContent, problem } from '@portal/auth/testing';
import type { FakeRoutes } from '@portal/auth/testing';
import { SlackAppScreen } from './slack-app-screen';

const status = { available: true, enabled: true, teamId: 'T0ACME0001', command: '/acme-meet', workspaceInstalled: false, linked: true, ownInstall: true };
const answering = (routes: FakeRoutes, role = 'member') => () => void installFakeApi({ getCurrentUser: json({ ...fakeCurrentUser(), role }), ...routes });

const meta = {
  title: 'Apps/SlackAppScreen',
  component: SlackAppScreen,
  args: { goTo: () => undefined },
  decorators: [
    (Story) => (
      <AuthTestFrame path="/slack">
        <Story />
      </AuthTestFrame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SlackAppScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A member with the app on their own account: add again or uninstall after confirming. */
export const Member: Story = {
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  beforeEach: answering({ getSlackStatus: json(status), deleteSlackUser: noContent() }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Add to ONLY my Slack account' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Uninstall' }));
    const dialog = within(canvasElement.ownerDocument.body);
    await expect(await dialog.findByText('Are you sure you want to uninstall Slack from your account?')).toBeVisible();
  },
};

/** An administrator may also install the app for the whole workspace; in French. */
export const AdministratorFrench: Story = {
  parameters: { language: 'fr' },
  loaders: [languageLoader('fr')],
  beforeEach: answering({ getSlackStatus: json({ ...status, linked: false, ownInstall: false }) }, 'tenantadmin'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: "Installer pour tout l'espace de travail" })).toBeVisible();
  },
};

/** No Slack for the organisation yet, in Arabic (right to left). */
export const NotSetUpArabic: Story = {
  parameters: { language: 'ar' },
  loaders: [languageLoader('ar')],
  beforeEach: answering({ getSlackStatus: json({ ...status, enabled: false, teamId: null, command: null }) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('لم يتم إعداد Slack لمؤسستك بعد. اسأل المسؤول.')).toBeVisible();
  },
};

/** The status could not be read, in Uzbek: the failure with Retry. */
export const FailedUzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [languageLoader('uz')],
  beforeEach: answering({ getSlackStatus: problem(500, 'internal') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};
