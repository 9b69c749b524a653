import { useTranslation } from 'react-i18next';
import { TablePagination } from '#app/components/data-table/table-pagination.tsx';

export const QUEUE_PAGE_SIZES = [20, 50, 100] as const;

interface QueuePaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** More rows match than the server counts; `total` is its limit. */
  totalCapped: boolean;
  /** The page shown is full: past a capped count, that is the sign of a next page. */
  fullPage: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Below the queue: how many requests match, how many per page, and the pages. */
export function QueuePagination(props: QueuePaginationProps) {
  const { page, pageSize, total, totalCapped, fullPage, onPageChange, onPageSizeChange } = props;
  const { t, i18n } = useTranslation('staff');
  // The server stops counting at its limit but serves the pages beyond it (STAFF_QUEUE_COUNT_LIMIT).
  const counted = Math.max(1, Math.ceil(total / pageSize));
  const pages = totalCapped ? Math.max(counted, fullPage ? page + 1 : page) : counted;
  const count = new Intl.NumberFormat(i18n.language).format(total);
  return (
    <TablePagination
      page={page}
      pageSize={pageSize}
      total={total}
      pageCount={pages}
      pageSizes={QUEUE_PAGE_SIZES}
      summary={t(totalCapped ? 'queue.total-capped' : 'queue.total', { total: count })}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />
  );
}
