export { DatePicker, type DatePickerProps } from './date-picker';
export { DateRangePicker, type DateRangePickerProps, type DateRangeValue } from './date-range-picker';
