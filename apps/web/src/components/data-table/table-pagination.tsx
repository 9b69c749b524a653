import { Box, Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

interface TablePaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizes?: readonly number[];
  /** Replaces "rows x–y of z" (e.g. the staff queue's capped count). */
  summary?: string;
  /** Replaces the page count computed from `total` (e.g. pages past a capped count). */
  pageCount?: number;
}

/** Below a list: which rows are shown, how many per page, and the pages. */
export function TablePagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizes = PAGE_SIZES,
  summary,
  pageCount,
}: TablePaginationProps) {
  const { t } = useTranslation('layout');
  const pages = pageCount ?? Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const controlLabels = {
    first: t('table.pages.first'),
    previous: t('table.pages.previous'),
    next: t('table.pages.next'),
    last: t('table.pages.last'),
  };

  return (
    <Group justify="space-between" gap="md" mt="md" wrap="wrap">
      <Group gap="md" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {summary ?? t('table.pages.range', { from, to, total })}
        </Text>
        <Select
          label={t('table.pages.size')}
          data={pageSizes.map((size) => String(size))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          allowDeselect={false}
          size="sm"
          styles={{
            root: { display: 'flex', alignItems: 'center', gap: 8 },
            label: { whiteSpace: 'nowrap', marginBottom: 0 },
            wrapper: { width: 88 },
          }}
        />
      </Group>
      {pages > 1 ? (
        <Box component="nav" aria-label={t('table.pages.label')}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            siblings={1}
            boundaries={1}
            size="md"
            getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
            getItemProps={(item) => ({ 'aria-label': t('table.pages.page', { page: item }) })}
          />
        </Box>
      ) : null}
    </Group>
  );
}
