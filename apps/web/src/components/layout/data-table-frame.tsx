import { Paper, Table, UnstyledButton, VisuallyHidden, type MantineBreakpoint } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './data-table-frame.module.css';
import { PhoneCards } from './phone-cards.tsx';

export interface Column<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** Kept on one line (codes, serial numbers, dates): the table scrolls rather than breaking them. */
  nowrap?: boolean;
  /** A column the list can be sorted by: its header is a button, and says how the list is sorted now. */
  sort?: { direction: 'ascending' | 'descending' | 'none'; onSort: () => void };
  /** With `fixedLayout`: the column's width in px, padding included; columns without one share what is left. */
  width?: number;
  /** A less important column, shown only from this breakpoint up (the rest keep their room on narrower desktops). */
  visibleFrom?: MantineBreakpoint;
}

interface DataTableFrameProps<Row> {
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Phones get one card per row instead of a table that would need sideways scrolling. */
  renderCard: (row: Row) => ReactNode;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  /** Below this width the table scrolls inside its frame rather than squeezing the columns. */
  minWidth?: number;
  /** Inside a titled card: on phones the empty state needs no frame of its own. */
  nested?: boolean;
  /** Tighter rows, for the staff's working lists (many rows on one screen). */
  dense?: boolean;
  /**
   * Columns as wide as their `width` says, whatever their cells hold (cells cut what does not fit): the table fits
   * its frame instead of growing with its longest text.
   */
  fixedLayout?: boolean;
}

/** A list screen's table: headers always visible from tablets up, cards on phones, one empty state. */
export function DataTableFrame<Row>({
  caption,
  columns,
  rows,
  rowKey,
  renderCard,
  empty,
  minWidth = 860,
  nested = false,
  dense = false,
  fixedLayout = false,
}: DataTableFrameProps<Row>) {
  const { t } = useTranslation('layout');
  return (
    <>
      <Paper withBorder radius="md" visibleFrom="sm" style={{ overflow: 'hidden' }}>
        {/* Focusable so keyboard users can scroll a table wider than the screen. */}
        <Table.ScrollContainer
          minWidth={minWidth}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('table.region', { name: caption })}
        >
          <Table
            verticalSpacing={dense ? 6 : 'sm'}
            horizontalSpacing={dense ? 'xs' : 'md'}
            fz={dense ? 'sm' : undefined}
            highlightOnHover={rows.length > 0}
            layout={fixedLayout ? 'fixed' : undefined}
          >
            <VisuallyHidden component="caption">{caption}</VisuallyHidden>
            <Table.Thead className={classes.head}>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    scope="col"
                    aria-sort={column.sort?.direction}
                    w={column.width}
                    visibleFrom={column.visibleFrom}
                  >
                    {column.sort ? <SortButton label={column.label} {...column.sort} /> : column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>{empty}</Table.Td>
                </Table.Tr>
              ) : (
                rows.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    {columns.map((column) => (
                      <Table.Td
                        key={column.key}
                        style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                        visibleFrom={column.visibleFrom}
                      >
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
      <PhoneCards
        caption={caption}
        rows={rows}
        rowKey={rowKey}
        renderCard={renderCard}
        empty={empty}
        nested={nested}
      />
    </>
  );
}

/** A sortable column's header: one press sorts by it, the next reverses the order; the arrow shows which. */
function SortButton({
  label,
  direction,
  onSort,
}: {
  label: string;
  direction: 'ascending' | 'descending' | 'none';
  onSort: () => void;
}) {
  const Icon =
    direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton onClick={onSort} className={classes.sort} fw="inherit" fz="inherit">
      {label}
      <Icon size={14} aria-hidden style={{ opacity: direction === 'none' ? 0.45 : 1, flexShrink: 0 }} />
    </UnstyledButton>
  );
}
