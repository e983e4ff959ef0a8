import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { languageLoader, withAdminProviders } from '@portal/auth/testing';
import { fakeSettingsApiLoader, loadedSettingsApi } from '../../testing/fake-settings-api';
import { defaultMeetingOptions } from '../../utils/meeting-options';
import { MeetingSettingsScreen } from './meeting-settings-screen';

const classroom = { name: 'Classroom', options: { ...defaultMeetingOptions(), muteOnEntry: true, screenShare: 'host' as const } };

const meta = {
  title: 'Meetings/Settings/MeetingSettingsScreen',
  component: MeetingSettingsScreen,
  decorators: [withAdminProviders],
  loaders: [fakeSettingsApiLoader({ stored: { meeting: { modes: [classroom] } } })],
} satisfies Meta<typeof MeetingSettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A stored mode with its toggles; a new mode is added, named and tuned, then all are saved. */
export const AddAndEdit: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    const stored = within(await canvas.findByRole('group', { name: 'Classroom' }));
    await expect(stored.getByRole('switch', { name: 'Mute on entry' })).toBeChecked();
    await expect(stored.getByRole('radio', { name: 'Host only' })).toBeChecked();

    await userEvent.click(canvas.getByRole('button', { name: 'Add mode' }));
    const fresh = within(canvas.getByRole('group', { name: 'New mode' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await fresh.findByText('This field is required')).toBeInTheDocument();
    await userEvent.type(fresh.getByRole('textbox', { name: /^Mode name/ }), 'classroom');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    // Both clashing names are marked.
    await expect(await canvas.findAllByText('This name is already taken')).toHaveLength(2);
    await expect(api.saves('meeting')).toHaveLength(0);

    const webinarInput = within(canvasElement).getAllByRole('textbox', { name: /^Mode name/ })[1]!;
    await userEvent.clear(webinarInput);
    await userEvent.type(webinarInput, 'Webinar');
    const webinar = within(canvas.getByRole('group', { name: 'Webinar' }));
    await userEvent.click(webinar.getByRole('switch', { name: 'Breakout rooms' }));
    await userEvent.click(webinar.getByRole('checkbox', { name: 'Dial in' }));
    await userEvent.click(webinar.getByRole('checkbox', { name: 'File transfer' }));
    await userEvent.click(webinar.getByRole('radio', { name: 'Only the sharer' }));
    await userEvent.click(webinar.getAllByRole('radio', { name: 'All participants' })[0]!);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('meeting')).toHaveLength(1));
    const saved = api.saves('meeting')[0] as { modes: { name: string; options: ReturnType<typeof defaultMeetingOptions> }[] };
    await expect(saved.modes.map((m) => m.name)).toEqual(['Classroom', 'Webinar']);
    await expect(saved.modes[1]!.options).toMatchObject({
      breakoutRooms: true,
      audioBridge: { computer: true, dialIn: true, dialOut: false },
      chat: { fileTransfer: true },
      screenShare: 'all',
      annotation: 'sharer',
    });
    await expect(await within(document.body).findByText('Settings saved successfully')).toBeInTheDocument();
  },
};

/** Deleting the only mode leaves the empty text; saving stores no modes. */
export const DeleteMode: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete mode Classroom' }));
    await expect(canvas.getByText('There are no meeting modes!')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('meeting')).toEqual([{ modes: [] }]));
  },
};

/** A name longer than 50 characters is refused before anything is sent. */
export const LongName: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    const name = within(await canvas.findByRole('group', { name: 'Classroom' })).getByRole('textbox', { name: /^Mode name/ });
    await userEvent.type(name, 'x'.repeat(50));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('This value is too long')).toBeInTheDocument();
    await expect(api.saves('meeting')).toHaveLength(0);
  },
};

function translated(language: Language, texts: { title: string; add: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeSettingsApiLoader(), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: texts.title })).toBeInTheDocument();
      const add = await canvas.findByRole('button', { name: texts.add });
      await expect(add.closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Meeting settings', add: 'Add mode' });
export const French = translated('fr', { title: 'Paramètres des réunions', add: 'Ajouter un mode' });
export const Arabic = translated('ar', { title: 'إعدادات الاجتماعات', add: 'إضافة وضع' });
export const Uzbek = translated('uz', { title: 'Uchrashuv sozlamalari', add: 'Rejim qoʻshish' });
