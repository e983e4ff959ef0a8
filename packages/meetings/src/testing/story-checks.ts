import { expect, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { languageLoader } from '@portal/auth/testing';

/**
 * A list screen's story in one language, with a loader that finds nothing: the screen's title
 * (its level-2 heading) and empty text are the catalog's, and the table runs right to left in Arabic.
 */
export function translatedListStory<Loader>(language: Language, loader: Loader, texts: { title: string; empty: string }) {
  return {
    parameters: { language },
    loaders: [loader, languageLoader(language)],
    play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText(texts.empty)).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title, level: 2 })).toBeInTheDocument();
      await expect(canvas.getByRole('table').closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}
