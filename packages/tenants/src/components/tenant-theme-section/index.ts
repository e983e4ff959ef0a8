export { TenantThemeSection, type TenantThemeSectionProps } from './tenant-theme-section';
