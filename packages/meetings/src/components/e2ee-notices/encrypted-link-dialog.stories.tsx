import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { installFakeClipboard, languageLoader, withMeetingsProviders } from '../../testing';
import { EncryptedLinkDialog } from './encrypted-link-dialog';

const LINK = 'https://acme.portal.localhost/portal/join/41555501001#key=q8vL0cJ2c4m3Z8s9kV1hQeWm7yTn5bXo2Ru6gAfD0Pk';

const meta = {
  title: 'Meetings/EncryptedLinkDialog',
  component: EncryptedLinkDialog,
  decorators: [withMeetingsProviders],
  args: { link: LINK, onClose: fn() },
} satisfies Meta<typeof EncryptedLinkDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Right after scheduling: the full link (key in its fragment) to copy, once. */
export const Scheduled: Story = {
  beforeEach: () => {
    installFakeClipboard();
  },
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog', { name: 'End-to-end encrypted meeting' })).toBeVisible();
    await expect(body.getByRole('textbox', { name: 'Full invitation link' })).toHaveValue(LINK);
    await expect(body.getByText('End-to-end encrypted meetings are never recorded or transcribed.')).toBeVisible();
    await userEvent.click(body.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

function translated(language: Language, title: string): Story {
  return {
    parameters: { language },
    loaders: [languageLoader(language)],
    play: async ({ canvasElement }) => {
      const body = within(canvasElement.ownerDocument.body);
      await expect(await body.findByRole('dialog', { name: title })).toBeVisible();
    },
  };
}

export const English = translated('en', 'End-to-end encrypted meeting');
export const French = translated('fr', 'Réunion chiffrée de bout en bout');
export const Arabic = translated('ar', 'اجتماع مشفّر من طرف إلى طرف');
export const Uzbek = translated('uz', 'Uchidan-uchiga shifrlangan uchrashuv');
