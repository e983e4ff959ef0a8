export { I18nRoot } from './components/i18n-root';
export type { I18nRootProps } from './components/i18n-root';
export { LanguageMenu } from './components/language-menu';
export type { LanguageMenuProps } from './components/language-menu';
export { activateLanguage, i18n } from './i18n';
export {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  languageName,
  supportedLanguages,
} from './languages';
export type { Language, SupportedLanguage, TextDirection } from './languages';
export {
  commonMessages,
  fieldErrorMessages,
  messageForFieldError,
  messageForProblem,
  problemMessages,
  validationMessages,
} from './messages';
export type {
  CommonMessageKey,
  FieldErrorCode,
  ProblemCode,
  ValidationMessageKey,
} from './messages';
export { LANGUAGE_STORAGE_KEY, useLanguageStore } from './stores/language-store';
export type { LanguageState } from './stores/language-store';
export { clockOf, dateFormats, formatDate, formatDateTime, formatTime, timeFormats } from './formats/format-date';
export type { ClockFormat, DateFormat, DateFormatPreferences, TimeFormat } from './formats/format-date';
export { formatMoney } from './formats/format-money';
export { useFormatStore } from './formats/format-store';
export type { FormatState } from './formats/format-store';
export { useClockFormat, useDateFormat } from './formats/use-date-format';
export type { DateFormatter } from './formats/use-date-format';
