export {
  Skeleton,
  SkeletonAvatar,
  type SkeletonAvatarProps,
  SkeletonGroup,
  type SkeletonGroupProps,
  type SkeletonProps,
  SkeletonText,
  type SkeletonTextProps,
  skeletonAvatarVariants,
} from './skeleton';
