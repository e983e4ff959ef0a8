import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { createFakeFetch, fakeCurrentUser, fakeTenantInfo, json, problem } from '@portal/auth/testing';
import type { FakeRoutes } from '@portal/auth/testing';
import type { Language } from '@portal/i18n';
import { fakeMeetingsApiLoader, fakePersonalMeeting, languageLoader, withMeetingsProviders } from '../../testing';
import { LaunchPage } from './launch-page';

const signedIn: FakeRoutes = { getTenantInfo: json(fakeTenantInfo()), getCurrentUser: json(fakeCurrentUser()) };
const signedOut: FakeRoutes = { getTenantInfo: json(fakeTenantInfo()), getCurrentUser: problem(401, 'unauthenticated') };
const personal = fakePersonalMeeting();

const meta = {
  title: 'Meetings/LaunchPage',
  component: LaunchPage,
  decorators: [withMeetingsProviders],
  parameters: { route: '/launch-page', layout: 'fullscreen' },
  loaders: [fakeMeetingsApiLoader({ personal, other: createFakeFetch(signedIn) })],
} satisfies Meta<typeof LaunchPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Signed in: the personal meeting URL, Start Meeting Now, My Account, and the app note. */
export const SignedIn: Story = {
  beforeEach: () => {
    const original = window.open;
    window.open = fn();
    return () => {
      window.open = original;
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: 'Personal meeting URL' })).toHaveValue(personal.joinUrl);
    await expect(canvas.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/profile');
    await expect(canvas.getByText('Meetings run in your web browser: there is nothing to download or install.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Start Meeting Now' }));
    await expect(window.open).toHaveBeenCalledWith(personal.joinUrl, '_blank', 'noopener,noreferrer');
  },
};

/** Signed in without a personal meeting yet: a way to create one. */
export const NoPersonalMeeting: Story = {
  loaders: [fakeMeetingsApiLoader({ personal: null, other: createFakeFetch(signedIn) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Create your personal meeting' })).toHaveAttribute('href', '/personal-meeting');
  },
};

const appLinks = {
  windows: 'https://downloads.example.com/portal-setup.exe',
  mac: null,
  android: 'https://play.google.com/store/apps/details?id=com.example.portal',
  ios: null,
};
const withApps: FakeRoutes = { ...signedIn, getTenantInfo: json(fakeTenantInfo({ appLinks })) };

/** App downloads saved by the platform: each app with a link is offered, in a new tab; an app without one is not shown. */
export const AppDownloads: Story = {
  loaders: [fakeMeetingsApiLoader({ personal, other: createFakeFetch(withApps) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(await canvas.findByRole('list', { name: 'App downloads' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(2);
    const windows = list.getByRole('link', { name: 'Download for Windows' });
    await expect(windows).toHaveAttribute('href', appLinks.windows);
    await expect(windows).toHaveAttribute('target', '_blank');
    await expect(windows).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(list.getByRole('link', { name: 'Download for Android' })).toHaveAttribute('href', appLinks.android);
    await expect(canvas.queryByRole('link', { name: 'Download for macOS' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Download for iPhone and iPad' })).not.toBeInTheDocument();
    await expect(canvas.getByText('Download the app for your device, or take part in your web browser with nothing to install.')).toBeInTheDocument();
    await expect(canvas.queryByText('Meetings run in your web browser: there is nothing to download or install.')).not.toBeInTheDocument();
  },
};

/** Signed out: Login, and joining a meeting by its id. */
export const SignedOutJoin: Story = {
  loaders: [fakeMeetingsApiLoader({ other: createFakeFetch(signedOut) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await userEvent.click(canvas.getByRole('button', { name: 'Join a meeting' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Join a meeting' }));
    const id = dialog.getByRole('textbox', { name: /^Meeting ID/ });
    await userEvent.type(id, '1234');
    await userEvent.click(dialog.getByRole('button', { name: 'Join' }));
    await expect(await dialog.findByText('Enter a valid Meeting Id')).toBeInTheDocument();
    await userEvent.clear(id);
    await userEvent.type(id, '123 456 7890');
    await userEvent.click(dialog.getByRole('button', { name: 'Join' }));
    await expect(await body().findByTestId('location')).toHaveTextContent('/join/1234567890');
  },
};

function translated(language: Language, texts: { join: string; start: string; windows: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeMeetingsApiLoader({ personal, other: createFakeFetch(withApps) }), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('button', { name: texts.start })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: texts.join })).toBeInTheDocument();
      await expect(await canvas.findByRole('link', { name: texts.windows })).toHaveAttribute('href', appLinks.windows);
    },
  };
}

export const English = translated('en', { join: 'Join a meeting', start: 'Start Meeting Now', windows: 'Download for Windows' });
export const French = translated('fr', { join: 'Rejoindre une réunion', start: 'Démarrer la réunion maintenant', windows: 'Télécharger pour Windows' });
export const Arabic = translated('ar', { join: 'الانضمام إلى اجتماع', start: 'بدء الاجتماع الآن', windows: 'تنزيل لنظام Windows' });
export const Uzbek = translated('uz', { join: 'Uchrashuvga qoʻshilish', start: 'Uchrashuvni hozir boshlash', windows: 'Windows uchun yuklab olish' });
