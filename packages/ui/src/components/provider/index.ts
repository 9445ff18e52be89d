export { UiProvider, type UiProviderProps } from './provider';
