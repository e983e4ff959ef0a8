import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { directionOf } from './languages';
import type { Language } from './languages';

// The global instance, because the non-React macros (`t` from '@lingui/core/macro') translate
// through it; the provider and every package must therefore share this one.
export { i18n };

// Spelled out one by one so the bundler emits one lazily loaded chunk per language.
const catalogLoaders: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('./locales/en/messages.po'),
  fr: () => import('./locales/fr/messages.po'),
  ar: () => import('./locales/ar/messages.po'),
  uz: () => import('./locales/uz/messages.po'),
};

let latestRequest = 0;

/**
 * Loads the language's compiled catalog, activates it and sets `lang` and `dir` on the document.
 * When several switches overlap, only the last one requested takes effect.
 */
export async function activateLanguage(language: Language): Promise<void> {
  const request = ++latestRequest;
  const { messages } = await catalogLoaders[language]();
  if (request !== latestRequest) return;
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
