export { LanguagePicker, type LanguagePickerDisplay, type LanguagePickerProps } from './language-picker';
