import { FIRST_PAGE } from '@parley/api';
import { Pagination, type PaginationProps } from '@parley/ui/pagination';
import { PAGE_SIZE_OPTIONS } from '../lib/page-size';

interface ListPaginationProps {
  total: number;
  current: number;
  pageSize: number;
  /** The total's words; the pager's own "Total N items" unless a list says more (a capped count). */
  showTotal?: PaginationProps['showTotal'];
  /** The page and size to show: a new page size starts again at the first page. */
  onChange: (current: number, pageSize: number) => void;
}

/**
 * A list screen's pager under its table (SPEC §9): the offered page sizes, "Go to" a page and the
 * total, at the end of the row. The call history, the library and the requests share it.
 */
function ListPagination({ total, current, pageSize, showTotal = true, onChange }: ListPaginationProps) {
  return (
    <Pagination
      className="justify-end"
      pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
      showQuickJumper
      showSizeChanger
      showTotal={showTotal}
      total={total}
      current={current}
      pageSize={pageSize}
      onChange={(page, size) => onChange(size === pageSize ? page : FIRST_PAGE, size)}
    />
  );
}

export { ListPagination };
