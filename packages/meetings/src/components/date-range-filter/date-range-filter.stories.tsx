import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { languageLoader, setDate, withMeetingsProviders } from '../../testing';
import { DateRangeFilter, useDateRange, type DateRangeOptions } from './date-range-filter';

/** The filter as the list screens use it: the hook's period, its error under End Date, the query it makes. */
function PeriodFilter({ clearable, ...options }: DateRangeOptions & { clearable?: boolean }) {
  const range = useDateRange(options);
  return (
    <>
      <DateRangeFilter range={range} error={range.error} clearable={clearable} />
      <output data-testid="query">{JSON.stringify(range.query)}</output>
    </>
  );
}

const meta = {
  title: 'Meetings/DateRangeFilter',
  component: PeriodFilter,
  decorators: [withMeetingsProviders],
  args: { days: 30, today: new Date('2030-06-30T12:00:00Z'), onChange: fn() },
} satisfies Meta<typeof PeriodFilter>;

export default meta;
type Story = StoryObj<typeof meta>;

const queryOf = (canvasElement: HTMLElement) => JSON.parse(within(canvasElement).getByTestId('query').textContent ?? '{}') as unknown;

/** The last 30 days up to today by default, as YYYY-MM-DD days. */
export const LastThirtyDays: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Start Date' })).toHaveValue('2030-05-31');
    await expect(canvas.getByRole('textbox', { name: 'End Date' })).toHaveValue('2030-06-30');
    await expect(queryOf(canvasElement)).toEqual({ from: '2030-05-31', to: '2030-06-30' });
  },
};

/** A typed day changes the period (and tells the screen); an end before the start is refused in the spec's words. */
export const EndBeforeStart: Story = {
  args: { onChange: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await setDate(canvas, 'Start Date', '2030-04-01');
    await expect(queryOf(canvasElement)).toEqual({ from: '2030-04-01', to: '2030-06-30' });
    await expect(args.onChange).toHaveBeenCalled();
    await setDate(canvas, 'End Date', '2030-03-01');
    await expect(await canvas.findByText('Cannot Choose a Pre-Date for End Date')).toBeInTheDocument();
  },
};

/** With no default period and clearable days, nothing is asked until a day is chosen, and a chosen day can be cleared. */
export const OpenPeriod: Story = {
  args: { days: undefined, clearable: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Start Date' })).toHaveValue('');
    await expect(queryOf(canvasElement)).toEqual({});
    await setDate(canvas, 'Start Date', '2030-06-01');
    await expect(queryOf(canvasElement)).toEqual({ from: '2030-06-01' });
    const start = canvas.getByRole('textbox', { name: 'Start Date' });
    await userEvent.clear(start);
    await userEvent.tab();
    await expect(queryOf(canvasElement)).toEqual({});
  },
};

function translated(language: Language, texts: { start: string; end: string; refused: string }): Story {
  return {
    parameters: { language },
    loaders: [languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await setDate(canvas, texts.end, '2030-05-01');
      await expect(canvas.getByRole('textbox', { name: texts.start })).toHaveValue('2030-05-31');
      await expect(await canvas.findByText(texts.refused)).toBeInTheDocument();
    },
  };
}

export const English = translated('en', { start: 'Start Date', end: 'End Date', refused: 'Cannot Choose a Pre-Date for End Date' });
export const French = translated('fr', { start: 'Date de début', end: 'Date de fin', refused: 'La date de fin ne peut pas être antérieure à la date de début' });
export const Arabic = translated('ar', { start: 'تاريخ البدء', end: 'تاريخ الانتهاء', refused: 'لا يمكن اختيار تاريخ انتهاء يسبق تاريخ البدء' });
export const Uzbek = translated('uz', { start: 'Boshlanish sanasi', end: 'Tugash sanasi', refused: 'Tugash sanasi boshlanish sanasidan oldin boʻlishi mumkin emas' });
