import { ActionIcon, Badge, Box, Button, Group, Paper, Select, VisuallyHidden } from '@mantine/core';
import { IconFilter, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnMenu } from './column-menu.tsx';
import type { TableStateChange } from './data-table.tsx';
import { activeFilterCount, type DataColumn, type TableState } from './table-state.ts';

interface TableToolbarProps<Row> {
  columns: readonly DataColumn<Row>[];
  state: TableState;
  onStateChange: TableStateChange;
  sort: { id: string; desc: boolean };
  /** The filter fields, shown while the filter row is open (saved with the table). */
  filters: ReactNode;
  /** The filters in use, always in sight (ActiveFilters). */
  activeFilters?: ReactNode;
  /** More buttons at the toolbar's end (e.g. "new request"). */
  children?: ReactNode;
}

/**
 * Above a list: show/hide the filters (with the number in use), the columns menu from tablets up, the sort
 * on phones (where the cards have no headers to click), and the filters in use.
 */
export function TableToolbar<Row>({
  columns,
  state,
  onStateChange,
  sort,
  filters,
  activeFilters,
  children,
}: TableToolbarProps<Row>) {
  const { t } = useTranslation('layout');
  const panelId = useId();
  const active = activeFilterCount(state);
  const sortable = columns.filter((column) => column.sortable);
  const setSort = (id: string, desc: boolean) =>
    onStateChange((current) => ({ ...current, sorting: [{ id, desc }] }));

  return (
    <Box mb="md">
      <Group gap="sm" justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Button
            variant={state.filtersVisible ? 'light' : 'default'}
            h={40}
            leftSection={<IconFilter size={18} aria-hidden />}
            rightSection={
              active > 0 ? (
                <Badge size="sm" circle aria-hidden>
                  {active}
                </Badge>
              ) : null
            }
            aria-expanded={state.filtersVisible}
            aria-controls={panelId}
            onClick={() =>
              onStateChange((current) => ({ ...current, filtersVisible: !current.filtersVisible }))
            }
          >
            {t('table.filters.button')}
            {active > 0 ? (
              <>
                {' '}
                <VisuallyHidden>{`(${t('table.filters.active', { count: active })})`}</VisuallyHidden>
              </>
            ) : null}
          </Button>
          <Box visibleFrom="sm">
            <ColumnMenu columns={columns} state={state} onStateChange={onStateChange} />
          </Box>
          <Group gap={4} align="flex-end" wrap="nowrap" hiddenFrom="sm">
            <Select
              label={t('table.sort.label')}
              data={sortable.map((column) => ({ value: column.id, label: column.label }))}
              value={sort.id}
              onChange={(id) => id && setSort(id, sort.desc)}
              allowDeselect={false}
              w={180}
            />
            <ActionIcon
              variant="default"
              size={36}
              aria-label={t('table.sort.descending')}
              aria-pressed={sort.desc}
              onClick={() => setSort(sort.id, !sort.desc)}
            >
              {sort.desc ? (
                <IconSortDescending size={18} aria-hidden />
              ) : (
                <IconSortAscending size={18} aria-hidden />
              )}
            </ActionIcon>
          </Group>
        </Group>
        {children}
      </Group>
      {state.filtersVisible ? (
        <Paper id={panelId} withBorder radius="md" p="md" mt="sm">
          {filters}
        </Paper>
      ) : null}
      {activeFilters}
    </Box>
  );
}
