export { Badge, type BadgeProps, badgeIndicatorVariants, Tag, type TagProps, tagVariants } from './tag';
