export { type NumberRange, NumberRangeInput, type NumberRangeInputProps } from './number-range-input';
