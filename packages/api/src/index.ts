export {
  DEFAULT_PAGE_SIZE,
  type ErrorBody,
  errorBodySchema,
  FIRST_PAGE,
  type Page,
  type PageQuery,
  pageQuerySchema,
  pageSchema,
  ShowType,
  showTypeSchema,
} from './schemas/common';
