import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AuthTestFrame, fakeCurrentUser, installFakeApi, json, languageLoader, problem } from '@portal/auth/testing';
import { GoogleAddonScreen } from './google-addon-screen';

const authorized = () => void installFakeApi({ 'GET /me': json(fakeCurrentUser()), 'PUT /users/addon-user': json({ authorized: true, redirectUrl: 'https://script.google.test/usercallback?state=g-1' }) });

const meta = {
  title: 'Apps/GoogleAddonScreen',
  component: GoogleAddonScreen,
  args: { state: 'g-1', goTo: () => undefined },
  decorators: [
    (Story) => (
      <AuthTestFrame path="/google-addon">
        <Story />
      </AuthTestFrame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
  beforeEach: authorized,
} satisfies Meta<typeof GoogleAddonScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Google add-on is authorized')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Thank you for registering' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Take me to Gmail' })).toBeVisible();
  },
};

/** The server refused: 'Authorization Failed..!!', back to the portal. */
export const Failed: Story = {
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  beforeEach: () => void installFakeApi({ 'GET /me': json(fakeCurrentUser()), 'PUT /users/addon-user': problem(400, 'validation_failed') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Authorization Failed..!!')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Take me to the portal' })).toBeVisible();
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [languageLoader('fr')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Le module complémentaire Google est autorisé')).toBeVisible();
  },
};

export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [languageLoader('ar')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('تم تفويض وظيفة Google الإضافية')).toBeVisible();
  },
};

export const Uzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [languageLoader('uz')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Google qo‘shimchasiga ruxsat berildi')).toBeVisible();
  },
};
