export { DatePicker, type DatePickerProps } from './date-picker';
export {
  DateRangePicker,
  type DateRangePickerProps,
  type DateRangePreset,
  type DateRangeValue,
} from './date-range-picker';
