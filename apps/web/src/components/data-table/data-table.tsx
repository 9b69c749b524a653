import { Paper, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnHeader } from './column-header.tsx';
import { columnWidth, visibleColumns, type DataColumn, type TableState } from './table-state.ts';
import classes from './data-table.module.css';
import { PhoneCards } from '#app/components/layout/phone-cards.tsx';

export type TableStateChange = (change: (state: TableState) => TableState) => void;

interface DataTableProps<Row> {
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  columns: readonly DataColumn<Row>[];
  state: TableState;
  onStateChange: TableStateChange;
  /** The sort the rows are in (the saved one, or the list's default). */
  sort: { id: string; desc: boolean };
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Phones get one card per row instead of a table that would need sideways scrolling. */
  renderCard: (row: Row) => ReactNode;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  /** A newer page is on its way: the rows shown are the previous ones. */
  busy?: boolean;
}

/**
 * A server-paged list: from tablets up a table whose columns follow the saved settings (order, visibility,
 * widths) and whose headers sort it; on phones a card per row (the toolbar carries the sort there).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { caption, columns, state, onStateChange, sort, rows, rowKey, renderCard, empty, busy } = props;
  const { t } = useTranslation('layout');
  const shown = visibleColumns(columns, state);
  const width = shown.reduce((sum, column) => sum + columnWidth(column, state), 0);

  const sortBy = (id: string) =>
    onStateChange((current) => ({
      ...current,
      sorting: [{ id, desc: sort.id === id ? !sort.desc : false }],
    }));
  const resize = (id: string, size: number) =>
    onStateChange((current) => ({ ...current, columnSizing: { ...current.columnSizing, [id]: size } }));

  return (
    <div aria-busy={busy || undefined} className={busy ? classes.busy : undefined}>
      <Paper withBorder radius="md" visibleFrom="sm" style={{ overflow: 'hidden' }}>
        {/* Focusable so keyboard users can scroll a table wider than the screen. */}
        <Table.ScrollContainer
          minWidth={width}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('table.region', { name: caption })}
        >
          <Table
            layout="fixed"
            verticalSpacing="sm"
            horizontalSpacing="sm"
            highlightOnHover={rows.length > 0}
            style={{ minWidth: width }}
          >
            <VisuallyHidden component="caption">{caption}</VisuallyHidden>
            <Table.Thead className={classes.head}>
              <Table.Tr>
                {shown.map((column) => (
                  <ColumnHeader
                    key={column.id}
                    label={column.label}
                    width={columnWidth(column, state)}
                    sortable={column.sortable === true}
                    sorted={sort.id === column.id ? (sort.desc ? 'descending' : 'ascending') : null}
                    onSort={() => sortBy(column.id)}
                    onResize={(size) => resize(column.id, size)}
                  />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={shown.length}>{empty}</Table.Td>
                </Table.Tr>
              ) : (
                rows.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    {shown.map((column) => (
                      <Table.Td key={column.id} className={classes.td}>
                        {column.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <PhoneCards caption={caption} rows={rows} rowKey={rowKey} renderCard={renderCard} empty={empty} />
    </div>
  );
}
