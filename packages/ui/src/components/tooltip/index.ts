export { Tooltip, TooltipContent, type TooltipContentProps, TooltipTrigger } from './tooltip';
