import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeMeeting, fakeMeetingsApiLoader, languageLoader, loadedMeetingsApi, withMeetingsProviders } from '../../testing';
import { OpenMeetingsScreen } from './open-meetings-screen';

const dropIn = fakeMeeting(3, { topic: 'Drop-in help', kind: 'open', meetingId: '80000000003' });
const scheduled = fakeMeeting(1, { topic: 'Design review' });

const meta = {
  title: 'Meetings/OpenMeetingsScreen',
  component: OpenMeetingsScreen,
  decorators: [withMeetingsProviders],
  parameters: { route: '/open-meetings' },
  loaders: [fakeMeetingsApiLoader({ meetings: [dropIn, scheduled] })],
} satisfies Meta<typeof OpenMeetingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Only open meetings, with the same columns and actions as the upcoming list. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(await canvas.findByRole('table', { name: 'Open meetings' }));
    const cell = await table.findByRole('cell', { name: '80000000003' });
    for (const header of ['Meeting ID', 'Topic', 'Time']) await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    await expect(table.getByText('Drop-in help')).toBeInTheDocument();
    await expect(table.queryByText('Design review')).toBeNull();
    const row = within(cell.closest('tr')!);
    for (const action of ['Start', 'Copy', 'Edit', 'Invite', 'Delete']) await expect(row.getByRole('button', { name: action })).toBeInTheDocument();
  },
};

/** The spec's empty text. */
export const Empty: Story = {
  loaders: [fakeMeetingsApiLoader({ meetings: [scheduled] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no open meetings!')).toBeInTheDocument();
  },
};

/** A failed load. */
export const LoadError: Story = {
  loaders: [fakeMeetingsApiLoader({ meetings: [dropIn], failing: ['getMeetings'] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Failed, Try Again..!!')).toBeInTheDocument();
  },
};

/** Delete asks first; an open meeting has no occurrences to choose from. */
export const Delete: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const cell = await canvas.findByRole('cell', { name: '80000000003' });
    await userEvent.click(within(cell.closest('tr')!).getByRole('button', { name: 'Delete' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Delete meeting' }));
    await expect(dialog.queryByRole('radio')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await body().findByText('meeting deleted')).toBeInTheDocument();
    await expect(await canvas.findByText('There are no open meetings!')).toBeInTheDocument();
    await waitFor(() => expect(loadedMeetingsApi(loaded).requestsOf('deleteMeeting')[0]?.path).toBe(`/meetings/${dropIn.id}`));
  },
};

function translated(language: Language, texts: { title: string; empty: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeMeetingsApiLoader({ meetings: [] }), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText(texts.empty)).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(canvas.getByRole('table').closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Open meetings', empty: 'There are no open meetings!' });
export const French = translated('fr', { title: 'Réunions ouvertes', empty: 'Il n’y a aucune réunion ouverte !' });
export const Arabic = translated('ar', { title: 'الاجتماعات المفتوحة', empty: 'لا توجد اجتماعات مفتوحة!' });
export const Uzbek = translated('uz', { title: 'Ochiq uchrashuvlar', empty: 'Ochiq uchrashuvlar yoʻq!' });
