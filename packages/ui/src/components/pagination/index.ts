export {
  getPageCount,
  getPageItems,
  type PageItem,
  Pagination,
  type PaginationProps,
  type PaginationSize,
  paginationItemVariants,
} from './pagination';
