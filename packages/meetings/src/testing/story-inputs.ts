import { userEvent, type within } from 'storybook/test';

type Canvas = ReturnType<typeof within>;

/** Types a day (YYYY-MM-DD) into the date input named `label`, as a person would, and leaves it. */
export async function setDate(canvas: Canvas, label: RegExp | string, value: string) {
  const input = canvas.getByRole('textbox', { name: label });
  await userEvent.clear(input);
  await userEvent.type(input, value);
  await userEvent.tab();
}
