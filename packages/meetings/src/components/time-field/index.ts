export { TimeField, type TimeFieldProps } from './time-field';
