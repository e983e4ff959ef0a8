import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AuthTestFrame, installFakeApi, json, languageLoader, problem, type FakeFetch, type FakeRoutes } from '@portal/auth/testing';
import { OAuthConsent } from './oauth-consent';

const withFrame: Decorator = (Story) => (
  <AuthTestFrame path="/slack-authorization">
    <Story />
  </AuthTestFrame>
);

const interaction = {
  interactionId: 'int-0123456789',
  clientId: 'dc_reports',
  clientName: 'Reporting app',
  scopes: ['meetings:read', 'meetings:write', 'phone:read', 'recordings:read'],
  userInformation: true,
};

const redirectTo = 'https://acme.example.com/oidc/auth/int-0123456789';

let fake: FakeFetch | undefined;
const arrive = (routes: FakeRoutes) => () => {
  fake = installFakeApi(routes);
};

const asks: FakeRoutes = {
  getOAuthInteraction: json(interaction),
  decideOAuthInteraction: json({ redirectTo }),
};

const meta = {
  title: 'Apps/OAuthConsent',
  component: OAuthConsent,
  decorators: [withFrame],
  parameters: { layout: 'fullscreen' },
  args: { interactionId: 'int-0123456789' },
} satisfies Meta<typeof OAuthConsent>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every scope in words; Authorize sends the decision and the browser back to the server. */
export const Authorize: Story = {
  args: { onRedirect: fn() },
  beforeEach: arrive(asks),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Authorize Reporting app' })).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Requested permissions' });
    for (const words of ['View meetings', 'View and manage meetings', 'View phone activities and settings', 'View recordings', 'View user information']) {
      await expect(within(list).getByText(words)).toBeVisible();
    }
    await expect(canvas.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register');
    // Only the Slack app's consent names a Slack user.
    await expect(canvas.queryByText(/Slack user/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Authorize' }));
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalledWith(redirectTo));
    await expect(fake?.bodies.at(-1)).toEqual({ decision: 'authorize' });
  },
};

/** Decline answers the server too, which sends the app `access_denied`. */
export const Decline: Story = {
  args: { onRedirect: fn() },
  beforeEach: arrive({ ...asks, getOAuthInteraction: json({ ...interaction, scopes: ['meetings:read'], userInformation: false }) }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('View meetings')).toBeVisible();
    await expect(canvas.queryByText('View user information')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalledWith(redirectTo));
    await expect(fake?.bodies.at(-1)).toEqual({ decision: 'decline' });
  },
};

/** An expired or unknown request says so, with a retry. */
export const Expired: Story = {
  args: { onRedirect: fn() },
  beforeEach: arrive({ getOAuthInteraction: problem(404, 'not_found') }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This authorization request has expired. Start again from the app.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(args.onRedirect).not.toHaveBeenCalled();
  },
};

/** The Slack app's consent: the slash command's Slack user and workspace (from the server's sealed link). */
const slackInteraction = {
  interactionId: 'int-0123456789',
  clientId: 'slack',
  clientName: 'Slack',
  scopes: ['meetings:write'],
  userInformation: false,
  slackLink: { teamId: 'T0ACME0001', teamDomain: 'acme-corp', userId: 'U0ANN', userName: 'ann.lee' },
};

/** The notice naming the Slack user: its paragraph's whole text (the names are isolated for right-to-left languages). */
async function expectSlackNotice(canvasElement: HTMLElement, heading: string, words: string) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { name: heading })).toBeVisible();
  const user = canvas.getByText('@ann.lee');
  await expect(user.tagName).toBe('BDI');
  await expect(user.closest('p')).toHaveTextContent(words);
  await expect(canvas.getByText('acme-corp')).toBeVisible();
}

/** Authorize links that Slack user: the screen says which one and of which workspace before the person decides. */
export const SlackUser: Story = {
  args: { onRedirect: fn() },
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  beforeEach: arrive({ ...asks, getOAuthInteraction: json(slackInteraction) }),
  play: async ({ canvasElement, args }) => {
    await expectSlackNotice(canvasElement, 'Authorize Slack', 'Link the Slack user @ann.lee of workspace acme-corp to your account');
    const canvas = within(canvasElement);
    await expect(within(canvas.getByRole('list', { name: 'Requested permissions' })).getByText('View and manage meetings')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Authorize' }));
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalledWith(redirectTo));
    await expect(fake?.bodies.at(-1)).toEqual({ decision: 'authorize' });
  },
};

/** The Slack app's consent in `language`: its heading and the notice naming the Slack user, translated. */
const slackUserIn = (language: 'fr' | 'ar' | 'uz', heading: string, words: string): Story => ({
  args: { onRedirect: fn() },
  parameters: { language },
  loaders: [languageLoader(language)],
  beforeEach: arrive({ ...asks, getOAuthInteraction: json(slackInteraction) }),
  play: async ({ canvasElement }) => {
    await expectSlackNotice(canvasElement, heading, words);
  },
});

export const French = slackUserIn('fr', 'Autoriser Slack', 'Associer l’utilisateur Slack @ann.lee de l’espace de travail acme-corp à votre compte');
export const Arabic = slackUserIn('ar', 'تفويض Slack', 'ربط مستخدم Slack @ann.lee من مساحة العمل acme-corp بحسابك');
export const Uzbek = slackUserIn('uz', 'Slack ga ruxsat berish', 'acme-corp ish maydonidagi @ann.lee Slack foydalanuvchisini hisobingizga bog‘lash');
