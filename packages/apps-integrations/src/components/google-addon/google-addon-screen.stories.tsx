import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AuthTestFrame, languageLoader } from '@portal/auth/testing';
import { GoogleAddonScreen } from './google-addon-screen';

const resume = `${window.location.origin}/oidc/auth/interaction-1`;
/** Stories stay in the page: where the browser would go is dropped. */
const stay: (url: string) => void = () => undefined;

/** Back from the consent screen's Authorize: the add-on is authorized, 'Take me to Gmail' resumes to its callback. */
const meta = {
  title: 'Apps/GoogleAddonScreen',
  component: GoogleAddonScreen,
  args: { request: null, result: 'authorized', resumeUrl: resume, goTo: stay },
  decorators: [
    (Story) => (
      <AuthTestFrame path="/google-addon">
        <Story />
      </AuthTestFrame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
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

/** Declined on the consent screen: 'Authorization Failed..!!', and Gmail gets the refusal. */
export const Declined: Story = {
  args: { result: 'declined' },
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Authorization Failed..!!')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Take me to Gmail' })).toBeVisible();
  },
};

/** Arrived without the add-on's request: nothing to authorize, back to the portal. */
export const Failed: Story = {
  args: { result: null, resumeUrl: null },
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
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
