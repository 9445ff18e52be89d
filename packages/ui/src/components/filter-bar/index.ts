export {
  FilterBar,
  FilterBarField,
  type FilterBarFieldProps,
  type FilterBarItem,
  type FilterBarProps,
} from './filter-bar';
