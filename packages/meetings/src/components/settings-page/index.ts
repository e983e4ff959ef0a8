export { SettingsPage, type SettingsPageProps } from './settings-page';
