export { LayoutPanelButton, type LayoutPanelButtonProps } from './layout-panel-button';
export { SettingsPanel, type SettingsPanelProps } from './settings-panel';
