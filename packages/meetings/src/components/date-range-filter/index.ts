export { DateRangeFilter, useDateRange, type DateRange, type DateRangeFilterProps, type DateRangeOptions } from './date-range-filter';
