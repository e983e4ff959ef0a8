// Story pieces the catalogue list screens (products, plans) share: their rows, the delete flow and
// the four-language story.
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { findLoadedTable, languageLoader, type Within } from '@portal/auth/testing';
import type { Language } from '@portal/i18n';
import { fakeCatalogueApiLoader, loadedCatalogueApi, type FakeCatalogueApiOptions, type FakeCatalogueOperation } from './fake-catalogue-api';

type PlayContext = { canvasElement: HTMLElement; loaded: Record<string, unknown> };

const body = () => within(document.body);

/** The row whose first cell starts with `name` (a disabled item's cell also says Disabled). */
export const catalogueRowOf = (table: Within, name: string) => within(table.getByRole('cell', { name: new RegExp(`^${name}`) }).closest('tr'));

/**
 * The spec's notice of a failed create, edit or delete of a product or plan: the `title`
 * ('Failed, Try Again..!!' in English) with the `reason` beneath it, in one alert.
 */
export async function expectCatalogueFailure(reason: string, title = 'Failed, Try Again..!!') {
  const heading = await body().findByText(title);
  const notice = heading.closest<HTMLElement>('[role="alert"]');
  await expect(notice).not.toBeNull();
  const because = within(notice as HTMLElement).getByText(reason);
  await expect(heading.compareDocumentPosition(because) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

/** Delete on `row` asks with the spec's `title` and `message`, then deletes: the notice, the row gone, the request to `path`. */
export function deletesAfterAsking(texts: { table: string; row: string; title: string; message: string; deleted: string }, request: { operation: FakeCatalogueOperation; path: string }) {
  return {
    play: async ({ canvasElement, loaded }: PlayContext) => {
      const canvas = within(canvasElement);
      const table = await findLoadedTable(canvasElement, texts.table);
      await userEvent.click(catalogueRowOf(table, texts.row).getByRole('button', { name: 'Delete' }));
      const dialog = within(await body().findByRole('dialog', { name: texts.title }));
      await expect(dialog.getByText(texts.message)).toBeInTheDocument();
      await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
      await expect(await body().findByText(texts.deleted)).toBeInTheDocument();
      await waitFor(() => expect(canvas.queryByRole('cell', { name: texts.row })).toBeNull());
      await expect(loadedCatalogueApi(loaded).requestsOf(request.operation)[0]?.path).toBe(request.path);
    },
  };
}

/** The empty list in `language` (catalogue `empty`): its empty text, heading, Create link and direction. */
export function translatedCatalogueList(language: Language, empty: FakeCatalogueApiOptions, texts: { title: string; create: string; empty: string }) {
  return {
    parameters: { language },
    loaders: [fakeCatalogueApiLoader(empty), languageLoader(language)],
    play: async ({ canvasElement }: PlayContext) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText(texts.empty)).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(canvas.getByRole('link', { name: texts.create })).toBeInTheDocument();
      await expect(canvas.getByRole('table').closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}
