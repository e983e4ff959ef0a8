import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AuthTestFrame, fakeCurrentUser, installFakeApi, json, languageLoader, problem, type FakeRoutes } from '@portal/auth/testing';
import { NeosoundRecordingAction } from './neosound-recording-action';

const admin = fakeCurrentUser({ role: 'tenantadmin', roles: ['tenantadmin'], permissions: ['room.recording.get', 'apps.neosound'] });
const recording = { id: '00000000-0000-4000-8000-eeeeeeee00000001', topic: 'Board meeting' };
const neosound = (enabled: boolean) => [{ plugin: 'neosound', scope: 'user', available: true, enabled, canManage: true, hasAccount: enabled }];

const answering = (routes: FakeRoutes = {}) => () =>
  void installFakeApi({
    getCurrentUser: json(admin),
    getPluginsInfo: json(neosound(true)),
    openFileInNeosound: json({ fileId: 'file_1', url: 'https://app.neosound.test/files/file_1' }),
    ...routes,
  });

const meta = {
  title: 'Meetings/NeosoundRecordingAction',
  component: NeosoundRecordingAction,
  args: { recording },
  decorators: [
    (Story) => (
      <AuthTestFrame path="/cloud-recordings">
        <Story />
      </AuthTestFrame>
    ),
  ],
  beforeEach: answering(),
} satisfies Meta<typeof NeosoundRecordingAction>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Sends the recording to Neosound: 'Recording uploaded successfully to neosound'. */
export const English: Story = {
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Send Board meeting to Neosound' }));
    await expect(await body().findByText('Recording uploaded successfully to neosound')).toBeVisible();
  },
};

/** Neosound is down: its own message, never a bare failure. */
export const NeosoundDown: Story = {
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  beforeEach: answering({ openFileInNeosound: problem(502, 'neosound_failed') }),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Send Board meeting to Neosound' }));
    await expect(await body().findByText('Neosound could not be reached or refused the request. Please try again later.')).toBeVisible();
  },
};

/** Not offered to someone who has not enabled Neosound in Apps. */
export const NotEnabled: Story = {
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  beforeEach: answering({ getPluginsInfo: json(neosound(false)) }),
  play: async ({ canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(within(canvasElement).queryByRole('button', { name: 'Send Board meeting to Neosound' })).toBeNull();
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [languageLoader('fr')],
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Envoyer Board meeting à Neosound' }));
    await expect(await body().findByText('Enregistrement envoyé avec succès à Neosound')).toBeVisible();
  },
};

export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [languageLoader('ar')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'إرسال Board meeting إلى Neosound' })).toBeVisible();
  },
};

export const Uzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [languageLoader('uz')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Board meeting ni Neosound’ga yuborish' })).toBeVisible();
  },
};
