import type { TableSettings } from '@care/contract/user';
import type { ReactNode } from 'react';

/**
 * What a person set up on a list table (SPEC §3 saved table settings): the same shape as the saved setting, so
 * the table edits it and the table-settings feature stores it as it is.
 */
export type TableState = TableSettings;
export type TableFilter = TableState['filters'][number];
export type FilterValue = TableFilter['value'];

export const EMPTY_TABLE_STATE: TableState = {
  columnVisibility: {},
  columnSizing: {},
  sorting: [],
  columnOrder: [],
  filters: [],
  filtersVisible: false,
};

export interface DataColumn<Row> {
  /** Also the sort field the API knows (contract *_SORT_FIELDS) and the key in the saved settings. */
  id: string;
  label: string;
  render: (row: Row) => ReactNode;
  sortable?: boolean;
  /** The column that names the row (its link): it cannot be hidden. */
  alwaysVisible?: boolean;
  /** Shown only once the person turns it on in the columns menu. */
  hiddenByDefault?: boolean;
  /** Width in pixels until the person resizes it. */
  width: number;
}

export const COLUMN_WIDTH = { min: 80, max: 800 } as const;

/** The columns in the saved order (unknown ids ignored, new columns at their default place). */
export function orderColumns<Row>(columns: readonly DataColumn<Row>[], state: TableState): DataColumn<Row>[] {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const ordered = state.columnOrder.flatMap((id) => byId.get(id) ?? []);
  const missing = columns.filter((column) => !state.columnOrder.includes(column.id));
  for (const column of missing) ordered.splice(Math.min(columns.indexOf(column), ordered.length), 0, column);
  return ordered;
}

export function isColumnVisible<Row>(column: DataColumn<Row>, state: TableState): boolean {
  return column.alwaysVisible === true || (state.columnVisibility[column.id] ?? !column.hiddenByDefault);
}

/** The columns the table shows, in order. */
export function visibleColumns<Row>(
  columns: readonly DataColumn<Row>[],
  state: TableState,
): DataColumn<Row>[] {
  return orderColumns(columns, state).filter((column) => isColumnVisible(column, state));
}

export function columnWidth<Row>(column: DataColumn<Row>, state: TableState): number {
  return state.columnSizing[column.id] ?? column.width;
}

/** The first sort of the saved settings if the list can sort by it, else the list's default. */
export function sortOf<Field extends string>(
  state: TableState,
  fields: readonly Field[],
  fallback: { id: Field; desc: boolean },
): { id: Field; desc: boolean } {
  const [first] = state.sorting;
  return first && (fields as readonly string[]).includes(first.id)
    ? { id: first.id as Field, desc: first.desc }
    : fallback;
}

export function filterOf(state: TableState, id: string): FilterValue | undefined {
  return state.filters.find((filter) => filter.id === id)?.value;
}

/** A text filter's value ('' when none). */
export function textFilterOf(state: TableState, id: string): string {
  const value = filterOf(state, id);
  return typeof value === 'string' ? value : '';
}

/** A multiple-choice filter's values, kept only when they are among `allowed` (e.g. status codes). */
export function codesFilterOf<Code extends string>(
  state: TableState,
  id: string,
  allowed: readonly Code[],
): Code[] {
  const value = filterOf(state, id);
  const values = Array.isArray(value) ? value : [];
  return values.filter((code): code is Code => (allowed as readonly unknown[]).includes(code));
}

function isEmptyFilter(value: FilterValue | undefined): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** The state with one filter set, or removed when its value is empty. */
export function withFilter(state: TableState, id: string, value: FilterValue | undefined): TableState {
  const others = state.filters.filter((filter) => filter.id !== id);
  return { ...state, filters: isEmptyFilter(value) ? others : [...others, { id, value: value! }] };
}

export function activeFilterCount(state: TableState): number {
  return state.filters.filter((filter) => !isEmptyFilter(filter.value)).length;
}
