export {
  type ApplyPageSettingsOptions,
  applyPageSettings,
  brandScale,
  brandVariables,
  contrastRatio,
  DEFAULT_PAGE_SETTINGS,
  type PageSettings,
  readableForeground,
  relativeLuminance,
  THEME_COLORS,
  type ThemeColorKey,
} from './page-settings';
export { PageStylePanel, type PageStylePanelProps } from './page-style-panel';
export { PageStyleTrigger, type PageStyleTriggerProps, pageStyleTriggerVariants } from './page-style-trigger';
