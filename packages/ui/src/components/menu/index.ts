export {
  Menu,
  type MenuItem,
  type MenuLinkRenderProps,
  type MenuMode,
  type MenuProps,
  type MenuTheme,
  menuItemVariants,
} from './menu';
