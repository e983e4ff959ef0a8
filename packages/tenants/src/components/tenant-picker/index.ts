export { TenantPicker, type TenantPickerProps } from './tenant-picker';
