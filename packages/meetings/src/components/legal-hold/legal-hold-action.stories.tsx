import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeCurrentUser } from '@portal/auth/testing';
import { fakeLocalRecordingsApiLoader, languageLoader, loadedLocalRecordingsApi, withMeetingsProviders } from '../../testing';
import { LegalHoldAction } from './legal-hold-action';

const admin = fakeCurrentUser({ role: 'admin', roles: ['admin'], permissions: ['room.recording.get'] });
const recording = { id: '00000000-0000-4000-8000-dddd00000001', topic: 'Board meeting', legalHold: false };

const meta = {
  title: 'Meetings/LegalHoldAction',
  component: LegalHoldAction,
  decorators: [withMeetingsProviders],
  args: { recording },
  loaders: [fakeLocalRecordingsApiLoader({ user: admin })],
} satisfies Meta<typeof LegalHoldAction>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An administrator puts a recording on legal hold; the server is asked and the change confirmed. */
export const PutOnHold: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Put Board meeting on legal hold' });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    await waitFor(() => expect(loadedLocalRecordingsApi(loaded).requestsOf('setRecordingLegalHold')[0]?.body).toEqual({ legalHold: true }));
    await expect(await within(canvasElement.ownerDocument.body).findByText('On legal hold: automatic deletion keeps this recording')).toBeInTheDocument();
  },
};

/** A held recording offers the release. */
export const Held: Story = {
  args: { recording: { ...recording, legalHold: true } },
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', { name: 'Release legal hold on Board meeting' });
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Without the recordings permission there is no action. */
export const NotAllowed: Story = {
  loaders: [fakeLocalRecordingsApiLoader()],
  play: async ({ canvasElement, loaded }) => {
    await waitFor(() => expect(loadedLocalRecordingsApi(loaded).requests.length).toBeGreaterThan(0));
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

const translated = (language: 'fr' | 'ar' | 'uz', name: string): Story => ({
  parameters: { language },
  loaders: [fakeLocalRecordingsApiLoader({ user: admin }), languageLoader(language)],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name })).toBeInTheDocument();
  },
});

export const French = translated('fr', 'Placer Board meeting sous conservation légale');
export const Arabic = translated('ar', 'وضع Board meeting تحت الحجز القانوني');
export const Uzbek = translated('uz', 'Board meeting ni huquqiy saqlashga qoʻyish');
