import { STAFF_QUEUE_SORT_FIELDS, type StaffQueueSortField } from '@care/contract/staff';
import { SERVICE_REQUEST_STATUSES, type ServiceRequestStatus } from '@care/contract/statuses';
import {
  Button,
  Collapse,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffQueueParams } from '../api.ts';
import { activeFilterCount, type QueueFilters } from '../queue-params.ts';
import { DeskFilters } from './desk-filters.tsx';
import { LinkFilters } from './link-filters.tsx';
import { TextFilter } from './text-filter.tsx';

/**
 * Every order the queue can be in, each field either way: a column's header may set any of them, and the dropdown
 * must always name the current one.
 */
export const SORTS = STAFF_QUEUE_SORT_FIELDS.flatMap((field) =>
  (field === 'waitingSince' || field === 'dueAt'
    ? (['asc', 'desc'] as const)
    : (['desc', 'asc'] as const)
  ).map((order) => `${field}-${order}` as const),
);

/** The desk's orders are labelled in its namespace. */
const sortLabel = (value: string) =>
  value.startsWith('waitingSince') || value.startsWith('priority') || value.startsWith('dueAt')
    ? `staff-desk:sorts.${value}`
    : `filters.sorts.${value}`;

interface QueueFiltersProps {
  params: StaffQueueParams;
  onChange: (filters: Partial<QueueFilters>) => void;
  onClear: () => void;
}

/**
 * The queue's filters (status, report dates, machine, customer, the desk's, waiting) and its order. Each change applies at
 * once; the text fields after a short pause. On phones the filters fold away behind one button.
 */
export function QueueFilterBar({ params, onChange, onClear }: QueueFiltersProps) {
  const { t } = useTranslation(['staff', 'services', 'staff-desk']);
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const active = activeFilterCount(params);

  const sortValue = `${params.sort}-${params.order}`;
  const setSort = (value: string | null) => {
    const [sort, order] = (value ?? 'reportDate-desc').split('-') as [StaffQueueSortField, 'asc' | 'desc'];
    if ((STAFF_QUEUE_SORT_FIELDS as readonly string[]).includes(sort)) onChange({ sort, order });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mb="lg">
      {isPhone ? (
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            onClick={toggle}
            aria-expanded={opened}
            aria-controls={panelId}
            h={44}
            px="xs"
          >
            {t(opened ? 'filters.hide' : 'filters.show')}
          </Button>
          {active > 0 ? (
            <Text size="sm" c="dimmed">
              {t('filters.active', { count: active })}
            </Text>
          ) : null}
        </Group>
      ) : null}
      <Collapse expanded={!isPhone || opened} id={panelId}>
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          verticalSpacing="sm"
          pt={isPhone ? 'sm' : 0}
        >
          <MultiSelect
            label={t('filters.status')}
            placeholder={params.status?.length ? undefined : t('filters.status-placeholder')}
            data={SERVICE_REQUEST_STATUSES.map((code) => ({
              value: code,
              label: t(`services:status.${code}`),
            }))}
            value={params.status ?? []}
            onChange={(value) => onChange({ status: value as ServiceRequestStatus[] })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              type="date"
              label={t('filters.reported-from')}
              value={params.reportedFrom ?? ''}
              max={params.reportedTo}
              onChange={(event) => onChange({ reportedFrom: event.currentTarget.value || undefined })}
            />
            <TextInput
              type="date"
              label={t('filters.reported-to')}
              value={params.reportedTo ?? ''}
              min={params.reportedFrom}
              onChange={(event) => onChange({ reportedTo: event.currentTarget.value || undefined })}
            />
          </SimpleGrid>
          <Select
            label={t('filters.sort')}
            data={SORTS.map((value) => ({ value, label: t(sortLabel(value)) }))}
            value={sortValue}
            onChange={setSort}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <TextFilter
            label={t('filters.machine')}
            placeholder={t('filters.machine-placeholder')}
            value={params.machine}
            onApply={(machine) => onChange({ machine })}
          />
          <TextFilter
            label={t('filters.customer')}
            placeholder={t('filters.customer-placeholder')}
            value={params.customer}
            onApply={(customer) => onChange({ customer })}
          />
          <DeskFilters params={params} onChange={onChange} />
          <Group justify="space-between" align="center" gap="sm" wrap="wrap" style={{ alignSelf: 'end' }}>
            <Switch
              label={t('staff-desk:filters.waiting')}
              checked={params.waiting}
              onChange={(event) => onChange({ waiting: event.currentTarget.checked })}
            />
            <Button
              variant="default"
              leftSection={<IconFilterOff size={18} aria-hidden />}
              onClick={onClear}
              disabled={active === 0}
            >
              {t('filters.clear')}
            </Button>
          </Group>
        </SimpleGrid>
        <LinkFilters params={params} onChange={onChange} />
      </Collapse>
    </Paper>
  );
}
