import { LIMITS } from '@care/contract/limits';
import { SERVICE_REQUEST_STATUSES } from '@care/contract/statuses';
import { Box, Group, MultiSelect, Select } from '@mantine/core';
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
import { SERVICE_REQUEST_FILTERS } from '../list-params.ts';

export interface MachineOption {
  value: string;
  label: string;
}

interface ServiceRequestsFiltersProps {
  state: TableState;
  onStateChange: TableStateChange;
  /** The customer's machines to filter by (the route reads them from the machines feature). */
  machines: readonly MachineOption[];
}

/** The requests list's filters: request code, statuses and machine. */
export function ServiceRequestsFilters({ state, onStateChange, machines }: ServiceRequestsFiltersProps) {
  const { t } = useTranslation(['services', 'layout']);
  const text = textFilterOf(state, SERVICE_REQUEST_FILTERS.text);
  const status = codesFilterOf(state, SERVICE_REQUEST_FILTERS.status, SERVICE_REQUEST_STATUSES);
  const machineId = textFilterOf(state, SERVICE_REQUEST_FILTERS.machine);
  const set = (id: string, value: string | string[] | null) =>
    onStateChange((current) => withFilter(current, id, value));
  const field = { flex: '1 1 240px', minWidth: 0 };

  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Box style={field}>
        <SearchField
          key={text}
          label={t('list.search')}
          placeholder={t('list.search-code')}
          initialValue={text}
          onSearch={(value) => set(SERVICE_REQUEST_FILTERS.text, value)}
        />
      </Box>
      <MultiSelect
        label={t('fields.status')}
        placeholder={status.length === 0 ? t('layout:filters.all-statuses') : undefined}
        data={SERVICE_REQUEST_STATUSES.map((code) => ({ value: code, label: t(`status.${code}`) }))}
        value={status}
        onChange={(value) => set(SERVICE_REQUEST_FILTERS.status, value)}
        clearable
        size="md"
        style={field}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('fields.machine')}
        placeholder={t('list.all-machines')}
        data={[...machines]}
        value={machineId || null}
        onChange={(value) => set(SERVICE_REQUEST_FILTERS.machine, value)}
        searchable
        clearable
        size="md"
        style={field}
        comboboxProps={{ withinPortal: true }}
        nothingFoundMessage={t('list.no-machine-found')}
      />
    </Group>
  );
}

/** The requests list's filters in use, as the active-filters bar names them. */
export function useServiceRequestActiveFilters(
  state: TableState,
  machines: readonly MachineOption[],
): ActiveFilter[] {
  const { t } = useTranslation('services');
  const text = textFilterOf(state, SERVICE_REQUEST_FILTERS.text).trim();
  const status = codesFilterOf(state, SERVICE_REQUEST_FILTERS.status, SERVICE_REQUEST_STATUSES);
  const machineId = textFilterOf(state, SERVICE_REQUEST_FILTERS.machine);
  const filters: ActiveFilter[] = [];
  if (text.length >= LIMITS.searchMinLength)
    filters.push({ id: SERVICE_REQUEST_FILTERS.text, label: `${t('fields.code')}: ${text}` });
  if (status.length > 0)
    filters.push({
      id: SERVICE_REQUEST_FILTERS.status,
      label: `${t('fields.status')}: ${status.map((code) => t(`status.${code}`)).join(', ')}`,
    });
  if (machineId) {
    // Until the machines arrive the filter still shows, named by what it is.
    const machine = machines.find((option) => option.value === machineId);
    filters.push({
      id: SERVICE_REQUEST_FILTERS.machine,
      label: `${t('fields.machine')}: ${machine?.label ?? '…'}`,
    });
  }
  return filters;
}
