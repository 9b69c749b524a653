import { Box, Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
  const labels = {
    first: t('pages.first'),
    previous: t('pages.previous'),
    next: t('pages.next'),
    last: t('pages.last'),
  };

  return (
    <Group justify="space-between" gap="md" mt="md" wrap="wrap">
      <Group gap="md" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t(totalCapped ? 'queue.total-capped' : 'queue.total', { total: count })}
        </Text>
        <Select
          label={t('pages.size')}
          data={QUEUE_PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          allowDeselect={false}
          size="sm"
          styles={{
            root: { display: 'flex', alignItems: 'center', gap: 8 },
            label: { whiteSpace: 'nowrap' },
            input: { width: 84 },
          }}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {pages > 1 ? (
        <Box component="nav" aria-label={t('pages.label')}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': labels[control] })}
            getItemProps={(item) => ({ 'aria-label': t('pages.page', { page: item }) })}
          />
        </Box>
      ) : null}
    </Group>
  );
}
