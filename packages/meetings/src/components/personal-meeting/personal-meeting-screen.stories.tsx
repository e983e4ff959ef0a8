import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeMeetingsApiLoader, fakePersonalMeeting, installFakeClipboard, languageLoader, loadedMeetingsApi, TAKEN_MEETING_ID, withMeetingsProviders } from '../../testing';
import { PersonalMeetingScreen } from './personal-meeting-screen';

const personal = fakePersonalMeeting();

const meta = {
  title: 'Meetings/PersonalMeetingScreen',
  component: PersonalMeetingScreen,
  decorators: [withMeetingsProviders],
  parameters: { route: '/personal-meeting' },
  loaders: [fakeMeetingsApiLoader({ personal })],
} satisfies Meta<typeof PersonalMeetingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The member's room, read-only until Edit: Copy Link and Start Meeting. */
export const View: Story = {
  beforeEach: () => {
    const original = window.open;
    window.open = fn();
    return () => {
      window.open = original;
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const clipboard = installFakeClipboard();
    await expect(await canvas.findByRole('textbox', { name: /^Meeting Id/ })).toHaveValue('1234567890');
    await expect(canvas.getByRole('textbox', { name: /^Topic/ })).toHaveAttribute('readonly');
    await expect(canvas.getByRole('switch', { name: 'Phone Bridge' })).toBeDisabled();
    await expect(canvas.getByText(personal.joinUrl)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Link' }));
    await expect(await body().findByText('Link copied')).toBeInTheDocument();
    await expect(clipboard.text()).toBe(personal.joinUrl);
    await userEvent.click(canvas.getByRole('button', { name: 'Start Meeting' }));
    await expect(window.open).toHaveBeenCalledWith(personal.joinUrl, '_blank', 'noopener,noreferrer');
  },
};

/** Edit: 10 digits and at least 6 digits, in the spec's words; an id already taken; then Save. */
export const Edit: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit' }));
    const id = canvas.getByRole('textbox', { name: /^Meeting Id/ });
    const password = canvas.getByRole('textbox', { name: /^Password/ });
    await userEvent.clear(id);
    await userEvent.type(id, '12345');
    await userEvent.clear(password);
    await userEvent.type(password, '123');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Please enter 10 digits')).toBeInTheDocument();
    await expect(canvas.getByText('Enter minimum 6 digits')).toBeInTheDocument();
    await userEvent.clear(id);
    await userEvent.type(id, TAKEN_MEETING_ID);
    await userEvent.clear(password);
    await userEvent.type(password, '135790');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Meeting id already exists')).toBeInTheDocument();
    await userEvent.clear(id);
    await userEvent.type(id, '2222222222');
    await userEvent.click(canvas.getByRole('switch', { name: 'Phone Bridge' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Edited successfully')).toBeInTheDocument();
    await expect(loadedMeetingsApi(loaded).requestsOf('savePersonalMeeting').at(-1)?.body).toEqual({
      topic: personal.topic,
      meetingId: '2222222222',
      password: '135790',
      joinMode: 'waiting_for_host',
      recordMode: null,
      phoneBridge: true,
    });
    await expect(await canvas.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    await expect(canvas.getByText('https://acme.portal.test/portal/join/2222222222')).toBeInTheDocument();
  },
};

/** Cancel leaves the stored values. */
export const Cancel: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit' }));
    const topic = canvas.getByRole('textbox', { name: /^Topic/ });
    await userEvent.clear(topic);
    await userEvent.type(topic, 'Something else');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByRole('textbox', { name: /^Topic/ })).toHaveValue(personal.topic);
    await expect(loadedMeetingsApi(loaded).requestsOf('savePersonalMeeting')).toHaveLength(0);
  },
};

/** Before there is one: a suggested 10-digit id, and Create. */
export const Create: Story = {
  loaders: [fakeMeetingsApiLoader({ personal: null })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You have no personal meeting yet. Choose its id and password, then create it.')).toBeInTheDocument();
    await expect(canvas.getByRole<HTMLInputElement>('textbox', { name: /^Meeting Id/ }).value).toMatch(/^[1-9][0-9]{9}$/);
    await userEvent.click(canvas.getByRole('combobox', { name: /^Security/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Signed-in users only' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Personal meeting created')).toBeInTheDocument();
    await expect(loadedMeetingsApi(loaded).requestsOf('savePersonalMeeting')[0]?.body).toMatchObject({ joinMode: 'signed_in', password: null });
    await expect(await canvas.findByRole('button', { name: 'Start Meeting' })).toBeInTheDocument();
  },
};

/** Only the record modes the platform enables; the room's own mode, switched off since, is kept (not recorded) until another is chosen. */
export const PlatformRecordModes: Story = {
  loaders: [fakeMeetingsApiLoader({ personal: { ...personal, recordMode: 'gallery_with_screen_share' }, recordModes: ['audio_only'] })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit' }));
    await expect(await canvas.findByDisplayValue('Gallery with screen share (switched off: not recorded)')).toBeVisible();
    await userEvent.click(canvas.getByRole('combobox', { name: /^Record Mode/ }));
    await expect((await body().findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Gallery with screen share (switched off: not recorded)',
      'Audio only',
    ]);
    await userEvent.click(body().getByRole('option', { name: 'Audio only' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Edited successfully')).toBeInTheDocument();
    await expect(loadedMeetingsApi(loaded).requestsOf('savePersonalMeeting').at(-1)?.body).toMatchObject({ recordMode: 'audio_only' });
  },
};

/** A failed load. */
export const LoadError: Story = {
  loaders: [fakeMeetingsApiLoader({ failing: ['getPersonalMeeting'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

function translated(language: Language, texts: { title: string; edit: string; start: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeMeetingsApiLoader({ personal }), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('button', { name: texts.edit })).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: texts.start })).toBeInTheDocument();
    },
  };
}

export const English = translated('en', { title: 'Personal meeting', edit: 'Edit', start: 'Start Meeting' });
export const French = translated('fr', { title: 'Réunion personnelle', edit: 'Modifier', start: 'Démarrer la réunion' });
export const Arabic = translated('ar', { title: 'الاجتماع الشخصي', edit: 'تعديل', start: 'بدء الاجتماع' });
export const Uzbek = translated('uz', { title: 'Shaxsiy uchrashuv', edit: 'Tahrirlash', start: 'Uchrashuvni boshlash' });
