import { Paper, Table, VisuallyHidden } from '@mantine/core';
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
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover={rows.length > 0}>
            <VisuallyHidden component="caption">{caption}</VisuallyHidden>
            <Table.Thead className={classes.head}>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} scope="col">
                    {column.label}
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
                      <Table.Td key={column.key} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
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
