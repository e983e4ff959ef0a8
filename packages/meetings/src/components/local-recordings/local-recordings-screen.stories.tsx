import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeLocalRecording, fakeLocalRecordingsApiLoader, loadedLocalRecordingsApi, translatedListStory, withMeetingsProviders } from '../../testing';
import { LocalRecordingsScreen } from './local-recordings-screen';

const today = new Date('2030-06-30T12:00:00Z');
const recordings = [
  fakeLocalRecording(2, { topic: 'Customer call', tenantName: 'Acme Corporation' }),
  fakeLocalRecording(1, { topic: 'Globex standup', tenantName: 'Globex Corporation', computerName: 'GLX-01' }),
];

const meta = {
  title: 'Meetings/LocalRecordingsScreen',
  component: LocalRecordingsScreen,
  decorators: [withMeetingsProviders],
  args: { today },
  parameters: { route: '/local-recordings' },
  loaders: [fakeLocalRecordingsApiLoader({ recordings })],
} satisfies Meta<typeof LocalRecordingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every tenant's uploads with their tenant, narrowed by company. */
export const EveryTenant: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const table = within(await canvas.findByRole('table', { name: 'Local recordings' }));
    await expect(await table.findByText('Customer call')).toBeInTheDocument();
    for (const header of ['Topic', 'Meeting ID', 'Tenant Name', 'Date & Time', 'Computer Name', 'File Size']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await userEvent.type(canvas.getByRole('textbox', { name: 'Company' }), 'Globex');
    await waitFor(() => expect(table.queryByText('Customer call')).toBeNull());
    await expect(table.getByText('GLX-01')).toBeInTheDocument();
    await expect(loadedLocalRecordingsApi(loaded).requestsOf('getLocalRecordings').at(-1)?.query.get('company')).toBe('Globex');
  },
};

/** Nothing in the period: the spec's empty text. */
export const Empty: Story = {
  loaders: [fakeLocalRecordingsApiLoader({ recordings: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no recordings for this period!')).toBeInTheDocument();
  },
};

const translated = (language: Language, texts: { title: string; empty: string }): Story => translatedListStory(language, fakeLocalRecordingsApiLoader({ recordings: [] }), texts);

export const English = translated('en', { title: 'Local recordings', empty: 'There are no recordings for this period!' });
export const French = translated('fr', { title: 'Enregistrements locaux', empty: 'Il n’y a aucun enregistrement pour cette période !' });
export const Arabic = translated('ar', { title: 'التسجيلات المحلية', empty: 'لا توجد تسجيلات لهذه الفترة!' });
export const Uzbek = translated('uz', { title: 'Mahalliy yozuvlar', empty: 'Bu davr uchun yozuvlar yoʻq!' });
