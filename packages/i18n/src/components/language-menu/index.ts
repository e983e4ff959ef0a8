export { LanguageMenu } from './language-menu';
export type { LanguageMenuProps } from './language-menu';
