export {
  AppShell,
  type AppShellContentWidth,
  type AppShellLayout,
  type AppShellNavTheme,
  type AppShellProps,
  type AppShellSlot,
  type AppShellState,
  useAppShell,
} from './app-shell';
