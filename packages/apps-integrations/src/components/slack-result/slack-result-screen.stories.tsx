import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AuthTestFrame, fakeCurrentUser, installFakeApi, languageLoader, json, problem } from '@portal/auth/testing';
import type { FakeRoutes } from '@portal/auth/testing';
import { SlackResultScreen } from './slack-result-screen';

/** `parameters.entry`: the url Slack (or the slash command's link) sent the person to. */
type EntryParameter = { entry: string };

const withEntry: Decorator = (Story, { parameters }) => {
  const { entry } = parameters as EntryParameter;
  return (
    <AuthTestFrame path={entry.split('?')[0] ?? '/'} initialEntry={entry}>
      <Story />
    </AuthTestFrame>
  );
};

const status = { available: true, enabled: true, teamId: 'T0ACME0001', command: '/acme-meet', workspaceInstalled: true, linked: true, ownInstall: true };
const answering = (routes: FakeRoutes) => () => void installFakeApi({ getCurrentUser: json(fakeCurrentUser()), ...routes });

const meta = {
  title: 'Apps/SlackResultScreen',
  component: SlackResultScreen,
  decorators: [withEntry],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SlackResultScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An administrator back from Slack with the workspace install's code: installed, with the command. */
export const Installed: Story = {
  args: { kind: 'install' },
  parameters: { entry: '/slack-install?code=c-1&state=s-1', language: 'en' } satisfies EntryParameter & { language: string },
  loaders: [languageLoader('en')],
  beforeEach: answering({ installSlackApp: json(status) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The product is installed on your Slack workspace.')).toBeVisible();
    await expect(canvas.getByText('To remove it, go to Apps, Slack, Uninstall.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Go Home' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/landing-page');
  },
};

/** Slack refused the code: the spec's failure text, in French. */
export const InstallFailedFrench: Story = {
  args: { kind: 'install' },
  parameters: { entry: '/slack-install?code=bad&state=s-1', language: 'fr' } satisfies EntryParameter & { language: string },
  loaders: [languageLoader('fr')],
  beforeEach: answering({ installSlackApp: problem(409, 'slack_install_failed') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Essayer Slack' })).toBeVisible();
  },
};

/** 'Add to ONLY my Slack account' approved, in Arabic (right to left). */
export const AuthorizedArabic: Story = {
  args: { kind: 'authentication' },
  parameters: { entry: '/slack-authentication?code=c-2&state=s-2', language: 'ar' } satisfies EntryParameter & { language: string },
  loaders: [languageLoader('ar')],
  beforeEach: answering({ authSlackUser: json(status) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('تم التفويض')).toBeVisible();
    await expect(canvas.getByText('هذا التثبيت لحسابك الخاص على Slack فقط.')).toBeVisible();
  },
};

/** The slash command's link no longer valid after the consent: Authorization Failure, in Uzbek. */
export const AuthorizationFailureUzbek: Story = {
  args: { kind: 'authentication' },
  parameters: { entry: '/slack-authentication?consent=slack&code=c-1&state=expired', language: 'uz' } satisfies EntryParameter & { language: string },
  loaders: [languageLoader('uz')],
  beforeEach: answering({ connectUser: problem(400, 'validation_failed') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Avtorizatsiya muvaffaqiyatsiz')).toBeVisible();
  },
};
