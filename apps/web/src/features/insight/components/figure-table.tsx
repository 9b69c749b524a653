import { Anchor, Table, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';

export interface FigureCell {
  text: string;
  /** The filtered queue this figure stands for; left out where the reader may not open it. */
  href?: string;
  /** Words (a status) may wrap; figures and dates never do. */
  wrap?: boolean;
}

export interface FigureRow {
  key: string;
  /** The first cell names the row (a status, a week, a model); the others are its figures. */
  cells: FigureCell[];
}

interface FigureTableProps {
  caption: string;
  columns: string[];
  rows: FigureRow[];
  /** Links off: the copy a screen reader reads beside a chart, where a focusable link would be invisible. */
  linked?: boolean;
}

/** A chart's figures as a table: the screen readers' view of every chart and the visible "Table" view. */
export function FigureTable({ caption, columns, rows, linked = true }: FigureTableProps) {
  const table = (
    <Table striped highlightOnHover verticalSpacing={6} fz="sm">
      <VisuallyHidden component="caption">{caption}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={column} scope="col" ta={index === 0 ? 'start' : 'end'}>
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, index) => {
              const content =
                linked && cell.href ? (
                  <Anchor component={Link} to={cell.href} fz="sm">
                    {cell.text}
                  </Anchor>
                ) : (
                  cell.text
                );
              return index === 0 ? (
                <Table.Th key={index} scope="row" fw={500}>
                  {content}
                </Table.Th>
              ) : (
                // A figure, a date or "12 days" reads as one piece: the table scrolls rather than break it.
                <Table.Td
                  key={index}
                  ta="end"
                  style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: cell.wrap ? undefined : 'nowrap' }}
                >
                  {content}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  // The screen readers' copy has nothing to scroll to (a scroll area without a focusable link is unreachable).
  if (!linked) return table;
  return (
    <Table.ScrollContainer minWidth={280} type="native">
      {table}
    </Table.ScrollContainer>
  );
}
