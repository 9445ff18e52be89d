export { type ViewMode, ViewToggle, type ViewToggleProps } from './view-toggle';
