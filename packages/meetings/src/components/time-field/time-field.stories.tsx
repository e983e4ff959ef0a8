import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@mantine/core';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { languageLoader, setTime, shownTime, withMeetingsProviders } from '../../testing';
import { TimeField } from './time-field';

const meta = {
  title: 'Meetings/TimeField',
  component: TimeField,
  decorators: [
    (Story) => (
      <Box p="md" maw={240}>
        <Story />
      </Box>
    ),
    withMeetingsProviders,
  ],
  args: { label: 'Time', defaultValue: '22:00', onChange: fn() },
} satisfies Meta<typeof TimeField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typed on the English 12-hour clock, the value is still the wall-clock time on 24 hours. */
export const TypedOnItsClock: Story = {
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(shownTime(canvas, /^Time,/)).toBe('10:00 PM'));
    await setTime(canvas, /^Time,/, '09:30');
    await expect(shownTime(canvas, /^Time,/)).toBe('09:30 AM');
    await expect(args.onChange).toHaveBeenLastCalledWith('09:30');
  },
};

/** 22:00 on each language's own clock. */
function translated(language: Language, label: string, shown: string): Story {
  return {
    args: { label },
    parameters: { language },
    loaders: [languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await waitFor(() => expect(shownTime(canvas, new RegExp(`^${label},`))).toBe(shown));
    },
  };
}

export const English = translated('en', 'Time', '10:00 PM');
export const French = translated('fr', 'Heure', '22:00');
export const Arabic = translated('ar', 'الوقت', '10:00 م');
export const Uzbek = translated('uz', 'Vaqt', '22:00');
