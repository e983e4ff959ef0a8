import { userEvent, within } from 'storybook/test';

type Canvas = ReturnType<typeof within>;

/** Types a day (YYYY-MM-DD) into the date input named `label`, as a person would, and leaves it. */
export async function setDate(canvas: Canvas, label: RegExp | string, value: string) {
  const input = canvas.getByRole('textbox', { name: label });
  await userEvent.clear(input);
  await userEvent.type(input, value);
  await userEvent.tab();
}

/** The parts of the time field named `label` (its hours, minutes and AM/PM, when the clock has one). */
function timeParts(canvas: Canvas, label: RegExp | string) {
  // Each part's name starts with the field's label; the hours come first.
  const [hours] = canvas.getAllByRole('spinbutton', { name: label }) as HTMLInputElement[];
  const group = hours?.parentElement;
  if (!hours) throw new Error('no time field');
  const [, minutes] = group ? within(group).getAllByRole<HTMLInputElement>('spinbutton') : [];
  if (!minutes) throw new Error('the time field has no minutes');
  return { hours, minutes, period: group?.querySelector('select') ?? null };
}

/** Types a wall-clock time (HH:mm, 24 h) into the time field, on its own clock: 12 h with AM or PM where it has one. */
export async function setTime(canvas: Canvas, label: RegExp | string, value: string) {
  const { hours, minutes, period } = timeParts(canvas, label);
  const [hour = 0, minute = 0] = value.split(':').map(Number);
  await userEvent.clear(hours);
  await userEvent.type(hours, String(period ? ((hour + 11) % 12) + 1 : hour).padStart(2, '0'));
  await userEvent.clear(minutes);
  await userEvent.type(minutes, String(minute).padStart(2, '0'));
  // The options after the empty one are AM then PM, in the language's words.
  if (period) await userEvent.selectOptions(period, period.options[hour < 12 ? 1 : 2] ?? '');
}

/** The time as the field shows it: '22:00', '10:00 م'. */
export function shownTime(canvas: Canvas, label: RegExp | string): string {
  const { hours, minutes, period } = timeParts(canvas, label);
  const dayPeriod = period?.selectedOptions[0]?.textContent;
  return `${hours.value}:${minutes.value}${dayPeriod ? ` ${dayPeriod}` : ''}`;
}
