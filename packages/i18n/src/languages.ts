export type Language = 'en' | 'fr' | 'ar' | 'uz';

export type TextDirection = 'ltr' | 'rtl';

export type SupportedLanguage = {
  code: Language;
  /** The language's own name (endonym), so a reader finds it whatever language is active. */
  name: string;
  dir: TextDirection;
};

export const DEFAULT_LANGUAGE: Language = 'en';

export const supportedLanguages: readonly SupportedLanguage[] = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'uz', name: 'Oʻzbekcha', dir: 'ltr' },
];

export function isLanguage(value: unknown): value is Language {
  return supportedLanguages.some((language) => language.code === value);
}

export function directionOf(language: Language): TextDirection {
  return language === 'ar' ? 'rtl' : 'ltr';
}

export function languageName(language: Language): string {
  return supportedLanguages.find((candidate) => candidate.code === language)?.name ?? language;
}
