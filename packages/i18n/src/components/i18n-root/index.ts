export { I18nRoot } from './i18n-root';
export type { I18nRootProps } from './i18n-root';
