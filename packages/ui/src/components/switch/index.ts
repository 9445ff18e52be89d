export { Switch, type SwitchProps, switchVariants } from './switch';
