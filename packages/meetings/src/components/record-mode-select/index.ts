export { RecordModeSelect, type RecordModeSelectProps } from './record-mode-select';
