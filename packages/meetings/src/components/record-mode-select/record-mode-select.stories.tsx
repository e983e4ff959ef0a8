import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@mantine/core';
import { expect, userEvent, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeMeetingsApiLoader, languageLoader, withMeetingsProviders } from '../../testing';
import { RecordModeSelect } from './record-mode-select';

const meta = {
  title: 'Meetings/RecordModeSelect',
  component: RecordModeSelect,
  decorators: [
    (Story) => (
      <Box p="md" maw={420}>
        <Story />
      </Box>
    ),
    withMeetingsProviders,
  ],
  args: { kept: null },
  loaders: [fakeMeetingsApiLoader({ recordModes: ['audio_only', 'audio_and_video'] })],
} satisfies Meta<typeof RecordModeSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const optionNames = async () => (await body().findAllByRole('option')).map((option) => option.textContent);

/** Only the record modes the platform's recording settings enable. */
export const EnabledModesOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('combobox', { name: /^Record Mode/ })).toBeEnabled();
    await userEvent.click(canvas.getByRole('combobox', { name: /^Record Mode/ }));
    await expect(await optionNames()).toEqual(['Audio only', 'Audio and video']);
  },
};

/** A meeting's mode switched off after it was chosen: still shown, marked as not recorded. */
export const KeptModeSwitchedOff: Story = {
  args: { kept: 'gallery_with_screen_share', value: 'gallery_with_screen_share' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Marked once the enabled modes have arrived.
    await expect(await canvas.findByDisplayValue('Gallery with screen share (switched off: not recorded)')).toBeVisible();
    await userEvent.click(canvas.getByRole('combobox', { name: /^Record Mode/ }));
    await expect(await optionNames()).toEqual(['Gallery with screen share (switched off: not recorded)', 'Audio only', 'Audio and video']);
  },
};

/** Recording switched off on the platform: nothing to choose, and it says why. */
export const RecordingSwitchedOff: Story = {
  loaders: [fakeMeetingsApiLoader({ recordModes: [] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Recording is switched off on this platform.')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: /^Record Mode/ })).toBeDisabled();
  },
};

function translated(language: Language, texts: { label: string; off: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeMeetingsApiLoader({ recordModes: [] }), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText(texts.off)).toBeVisible();
      await expect(canvas.getByRole('combobox', { name: new RegExp(`^${texts.label}`) })).toBeDisabled();
    },
  };
}

export const English = translated('en', { label: 'Record Mode', off: 'Recording is switched off on this platform.' });
export const French = translated('fr', { label: 'Mode d’enregistrement', off: 'L’enregistrement est désactivé sur cette plateforme.' });
export const Arabic = translated('ar', { label: 'وضع التسجيل', off: 'التسجيل متوقف على هذه المنصة.' });
export const Uzbek = translated('uz', { label: 'Yozib olish rejimi', off: 'Bu platformada yozib olish o‘chirilgan.' });
