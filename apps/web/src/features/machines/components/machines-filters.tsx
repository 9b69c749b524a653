import { LIMITS } from '@care/contract/limits';
import { MACHINE_STATUSES } from '@care/contract/statuses';
import { Box, Group, MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActiveFilter } from '#app/components/data-table/active-filters.tsx';
import type { TableStateChange } from '#app/components/data-table/data-table.tsx';
import {
  codesFilterOf,
  textFilterOf,
  withFilter,
  type TableState,
} from '#app/components/data-table/table-state.ts';
import { SearchField } from '#app/components/layout/search-field.tsx';
import { MACHINE_FILTERS } from '../list-params.ts';

interface MachinesFiltersProps {
  state: TableState;
  onStateChange: TableStateChange;
}

/** The machines list's filters: name or serial number, and statuses. */
export function MachinesFilters({ state, onStateChange }: MachinesFiltersProps) {
  const { t } = useTranslation(['machines', 'layout']);
  const text = textFilterOf(state, MACHINE_FILTERS.text);
  const status = codesFilterOf(state, MACHINE_FILTERS.status, MACHINE_STATUSES);
  const set = (id: string, value: string | string[]) =>
    onStateChange((current) => withFilter(current, id, value));

  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Box style={{ flex: '1 1 260px', minWidth: 0 }}>
        <SearchField
          key={text}
          label={t('list.search')}
          placeholder={t('list.search-placeholder')}
          initialValue={text}
          onSearch={(value) => set(MACHINE_FILTERS.text, value)}
        />
      </Box>
      <MultiSelect
        label={t('fields.status')}
        placeholder={status.length === 0 ? t('layout:filters.all-statuses') : undefined}
        data={MACHINE_STATUSES.map((code) => ({ value: code, label: t(`status.${code}`) }))}
        value={status}
        onChange={(value) => set(MACHINE_FILTERS.status, value)}
        clearable
        size="md"
        style={{ flex: '1 1 260px', minWidth: 0 }}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}

/** The machines list's filters in use, as the active-filters bar names them. */
export function useMachineActiveFilters(state: TableState): ActiveFilter[] {
  const { t } = useTranslation('machines');
  const text = textFilterOf(state, MACHINE_FILTERS.text).trim();
  const status = codesFilterOf(state, MACHINE_FILTERS.status, MACHINE_STATUSES);
  const filters: ActiveFilter[] = [];
  if (text.length >= LIMITS.searchMinLength)
    filters.push({ id: MACHINE_FILTERS.text, label: `${t('list.search')}: ${text}` });
  if (status.length > 0)
    filters.push({
      id: MACHINE_FILTERS.status,
      label: `${t('fields.status')}: ${status.map((code) => t(`status.${code}`)).join(', ')}`,
    });
  return filters;
}
