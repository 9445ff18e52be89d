export {
  DatePicker,
  type DatePickerProps,
  DateRangePicker,
  type DateRangePickerProps,
  type DateRangeValue,
} from './date-picker';
