import { expect, waitFor, within } from 'storybook/test';

export type Within = ReturnType<typeof within>;

/** The table named `name`, once it has loaded (no `aria-busy`). */
export async function findLoadedTable(canvasElement: HTMLElement, name: string): Promise<Within> {
  const table = await within(canvasElement).findByRole('table', { name });
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
  return within(table);
}

/** The row of `table` holding the cell named `cell`. */
export function tableRowOf(table: Within, cell: string): Within {
  const row = table.getByRole('cell', { name: cell }).closest('tr');
  if (!row) throw new Error(`No row for ${cell}`);
  return within(row);
}
