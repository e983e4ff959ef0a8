import { Stack } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { createDataTableColumnHelper } from '@portal/ui-kit';
import { languageLoader, withMeetingsProviders } from '../../testing';
import { ParticipantsPanel, ParticipantsRowAction, useChosenMeeting, type ParticipantsQuery } from './participants-panel';

const meetings = [
  { id: 'run-1', meetingId: '4155550100' },
  { id: 'run-2', meetingId: '4155550177' },
];

type Person = { id: string; name: string };
const person = createDataTableColumnHelper<Person>();
const columns = person.columns([person.accessor('name', { header: 'Name', enableSorting: false })]);
const answered = (items: Person[]): ParticipantsQuery<Person> => ({ data: { items }, isPending: false, isError: false, error: null, refetch: fn() });

/** Two meeting rows with their Participants action, and the chosen one's participants below, as Live and Completed meetings show them. */
function ChosenMeetingDemo({ participants = answered([{ id: 'p1', name: 'Ada Lovelace' }]) }: { participants?: ParticipantsQuery<Person> }) {
  const selection = useChosenMeeting<(typeof meetings)[number]>();
  return (
    <Stack>
      {meetings.map((meeting) => (
        <ParticipantsRowAction key={meeting.id} meeting={meeting} selection={selection} />
      ))}
      {selection.chosen ? (
        <ParticipantsPanel meeting={selection.chosen} selection={selection} participants={participants} columns={columns} minWidth={320} />
      ) : null}
    </Stack>
  );
}

const meta = {
  title: 'Meetings/ParticipantsPanel',
  component: ChosenMeetingDemo,
  decorators: [withMeetingsProviders],
} satisfies Meta<typeof ChosenMeetingDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Choosing a meeting shows its participants and moves the focus to their heading; Close hides them. */
export const ChooseAndClose: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('heading')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Participants of 4155550177' }));
    const heading = await canvas.findByRole('heading', { name: 'Participants of meeting 4155550177' });
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(canvas.getByText('Ada Lovelace')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Participants of 4155550100' }));
    await expect(await canvas.findByRole('heading', { name: 'Participants of meeting 4155550100' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(canvas.queryByRole('heading')).toBeNull());
  },
};

/** Nobody in the meeting: the spec's empty text. */
export const NoParticipants: Story = {
  args: { participants: answered([]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Participants of 4155550100' }));
    await expect(await canvas.findByText('There are no participants!')).toBeInTheDocument();
  },
};

/** By keyboard: Enter on the action, then the panel's Close. */
export const ByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Participants of 4155550100' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Participants of meeting 4155550100' })).toHaveFocus());
    canvas.getByRole('button', { name: 'Close' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByRole('heading')).toBeNull());
  },
};

function translated(language: Language, texts: { action: string; heading: string; close: string }): Story {
  return {
    parameters: { language },
    loaders: [languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await userEvent.click(canvas.getByRole('button', { name: texts.action }));
      await expect(await canvas.findByRole('heading', { name: texts.heading })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: texts.close })).toBeInTheDocument();
    },
  };
}

export const English = translated('en', { action: 'Participants of 4155550100', heading: 'Participants of meeting 4155550100', close: 'Close' });
export const French = translated('fr', { action: 'Participants de 4155550100', heading: 'Participants de la réunion 4155550100', close: 'Fermer' });
export const Arabic = translated('ar', { action: 'مشاركو 4155550100', heading: 'مشاركو الاجتماع 4155550100', close: 'إغلاق' });
export const Uzbek = translated('uz', { action: '4155550100 ishtirokchilari', heading: '4155550100 uchrashuvi ishtirokchilari', close: 'Yopish' });
