export {
  Descriptions,
  type DescriptionsColumns,
  type DescriptionsItem,
  type DescriptionsProps,
  descriptionsListVariants,
} from './descriptions';
