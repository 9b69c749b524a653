import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface PhoneCardsProps<Row> {
  /** The list's accessible name (the table's caption). */
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  renderCard: (row: Row) => ReactNode;
  /** Shown in place of the cards when there are no rows. */
  empty: ReactNode;
  /** Inside a titled card: the empty state needs no frame of its own. */
  nested?: boolean;
}

/** Below 576 px a table becomes one card per row (no sideways scrolling on a phone). */
export function PhoneCards<Row>({
  caption,
  rows,
  rowKey,
  renderCard,
  empty,
  nested = false,
}: PhoneCardsProps<Row>) {
  if (rows.length === 0) {
    return (
      <Paper withBorder={!nested} radius="md" hiddenFrom="sm">
        {empty}
      </Paper>
    );
  }
  return (
    <Stack
      gap="sm"
      hiddenFrom="sm"
      component="ul"
      aria-label={caption}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {rows.map((row) => (
        <li key={rowKey(row)}>{renderCard(row)}</li>
      ))}
    </Stack>
  );
}
