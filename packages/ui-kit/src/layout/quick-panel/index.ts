export { QuickPanel, type QuickPanelItem, type QuickPanelProps, type QuickPanelSection } from './quick-panel';
