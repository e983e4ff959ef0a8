import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { FAKE_STATE_CODE, fakeInspectApiLoader, languageLoader, loadedInspectApi, withMeetingsProviders } from '../../testing';
import { MeetingFeedbackDialog } from './meeting-feedback-dialog';

const meta = {
  title: 'Meetings/MeetingFeedbackDialog',
  component: MeetingFeedbackDialog,
  decorators: [withMeetingsProviders],
  args: { code: FAKE_STATE_CODE, ticket: 'sealed-ticket', opened: true, onClose: fn() },
  loaders: [fakeInspectApiLoader()],
} satisfies Meta<typeof MeetingFeedbackDialog>;

export default meta;
type Story = StoryObj<typeof meta>;
/** Chooses a star by keyboard, as a screen reader user does: focus it, press Space. */
async function rate(dialog: ReturnType<typeof within>, stars: number) {
  dialog.getByRole('radio', { name: `${stars} of 5 stars` }).focus();
  await userEvent.keyboard(' ');
}
const dialogOf = async (title = 'How was the meeting?') => within(await within(document.body).findByRole('dialog', { name: title }));

/** A rating is required; then stars, issues and a suggestion are sent with the grant's ticket. */
export const Rate: Story = {
  args: { onClose: fn() },
  play: async ({ args, loaded }) => {
    const dialog = await dialogOf();
    await userEvent.click(dialog.getByRole('button', { name: 'Send feedback' }));
    await expect(await dialog.findByText('Choose a rating from 1 to 5 stars')).toBeInTheDocument();
    await rate(dialog, 4);
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Frozen video' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Echo' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Suggestion' }), 'More light');
    await userEvent.click(dialog.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(loadedInspectApi(loaded).bodies.at(-1)).toEqual({ ticket: 'sealed-ticket', rating: 4, videoIssues: ['frozen'], audioIssues: ['echo'], suggestion: 'More light' });
    await expect(await within(document.body).findByText('Thank you for your feedback!')).toBeInTheDocument();
  },
};

/** Skip sends nothing. */
export const Skip: Story = {
  args: { onClose: fn() },
  play: async ({ args, loaded }) => {
    const dialog = await dialogOf();
    await userEvent.click(dialog.getByRole('button', { name: 'Skip' }));
    await expect(args.onClose).toHaveBeenCalled();
    await expect(loadedInspectApi(loaded).calls).toEqual([]);
  },
};

/** A meeting rated before: said, and closed. */
export const AlreadyRated: Story = {
  args: { onClose: fn() },
  loaders: [fakeInspectApiLoader({ alreadyRated: true })],
  play: async ({ args }) => {
    const dialog = await dialogOf();
    await rate(dialog, 5);
    await userEvent.click(dialog.getByRole('button', { name: 'Send feedback' }));
    await expect(await within(document.body).findByText('You have already rated this meeting.')).toBeInTheDocument();
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** A failure other than that stays in the dialog. */
export const Failure: Story = {
  args: { onClose: fn() },
  loaders: [fakeInspectApiLoader({ failing: ['submitMeetingFeedback'] })],
  play: async ({ args }) => {
    const dialog = await dialogOf();
    await rate(dialog, 3);
    await userEvent.click(dialog.getByRole('button', { name: 'Send feedback' }));
    await expect(await dialog.findByRole('alert')).toBeInTheDocument();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

function translated(language: Language, texts: { title: string; skip: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeInspectApiLoader(), languageLoader(language)],
    play: async () => {
      const dialog = await dialogOf(texts.title);
      await expect(dialog.getByRole('button', { name: texts.skip })).toBeInTheDocument();
    },
  };
}

export const English = translated('en', { title: 'How was the meeting?', skip: 'Skip' });
export const French = translated('fr', { title: 'Comment s’est passée la réunion ?', skip: 'Passer' });
export const Arabic = translated('ar', { title: 'كيف كان الاجتماع؟', skip: 'تخطٍّ' });
export const Uzbek = translated('uz', { title: 'Uchrashuv qanday oʻtdi?', skip: 'Oʻtkazib yuborish' });
