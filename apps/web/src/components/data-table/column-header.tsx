import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ResizeHandle } from './resize-handle.tsx';
import classes from './data-table.module.css';

interface ColumnHeaderProps {
  label: string;
  width: number;
  sortable: boolean;
  /** This column's direction when the list is sorted by it. */
  sorted: 'ascending' | 'descending' | null;
  onSort: () => void;
  onResize: (width: number) => void;
}

/** A header cell: the label (a sort button where the list sorts by it) and the resize grip. */
export function ColumnHeader({ label, width, sortable, sorted, onSort, onResize }: ColumnHeaderProps) {
  const { t } = useTranslation('layout');
  const SortIcon =
    sorted === 'ascending' ? IconArrowUp : sorted === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th scope="col" style={{ width }} aria-sort={sorted ?? undefined} className={classes.th}>
      {sortable ? (
        <UnstyledButton
          onClick={onSort}
          className={classes.sort}
          data-sorted={sorted ?? undefined}
          title={t(sorted === 'ascending' ? 'table.sort-descending' : 'table.sort-ascending')}
        >
          <span>{label}</span>
          <SortIcon size={14} stroke={2} aria-hidden className={classes.sortIcon} />
        </UnstyledButton>
      ) : (
        <span>{label}</span>
      )}
      <ResizeHandle label={label} width={width} onResize={onResize} />
    </Table.Th>
  );
}
