import { STAFF_QUEUE_SORT_FIELDS, type StaffQueueSortField } from '@care/contract/staff';
import { SERVICE_REQUEST_STATUSES, type ServiceRequestStatus } from '@care/contract/statuses';
import {
  Badge,
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
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffQueueParams } from '../api.ts';
import { activeFilterCount, type QueueFilters } from '../queue-params.ts';
import { DeskMainFilters, DeskMoreFilters } from './desk-filters.tsx';
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

/** The filters behind "more filters" that are set: the panel opens with them, and its button counts them. */
function hiddenFilterCount(params: StaffQueueParams): number {
  return [
    params.reportedFrom || params.reportedTo,
    params.priority?.length,
    params.tag,
    params.guarantee,
  ].filter(Boolean).length;
}

/**
 * The queue's filters and its order. On a desktop one row holds what the desk filters by all day (number, assignee,
 * status, customer, machine) and the rest folds away behind "more filters", so that about 15 requests fit a
 * 1440 × 900 screen; on phones every filter folds away behind one button. Each change applies at once; the text
 * fields after a short pause.
 */
export function QueueFilterBar({ params, onChange, onClear }: QueueFiltersProps) {
  const { t } = useTranslation(['staff', 'services', 'staff-desk']);
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [opened, { toggle }] = useDisclosure(false);
  const hidden = hiddenFilterCount(params);
  const [moreOpened, { toggle: toggleMore }] = useDisclosure(hidden > 0);
  const panelId = useId();
  const moreId = useId();
  const active = activeFilterCount(params);

  const sortValue = `${params.sort}-${params.order}`;
  const setSort = (value: string | null) => {
    const [sort, order] = (value ?? 'reportDate-desc').split('-') as [StaffQueueSortField, 'asc' | 'desc'];
    if ((STAFF_QUEUE_SORT_FIELDS as readonly string[]).includes(sort)) onChange({ sort, order });
  };
  const grid = { cols: { base: 1, xs: 2, md: 3, lg: 5 }, spacing: 'sm', verticalSpacing: 'xs' } as const;

  return (
    <Paper withBorder radius="md" p="sm" mb="md">
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
        <SimpleGrid {...grid} pt={isPhone ? 'sm' : 0}>
          <DeskMainFilters params={params} onChange={onChange} />
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
          <TextFilter
            label={t('filters.customer')}
            placeholder={t('filters.customer-placeholder')}
            value={params.customer}
            onApply={(customer) => onChange({ customer })}
          />
          <TextFilter
            label={t('filters.machine')}
            placeholder={t('filters.machine-placeholder')}
            value={params.machine}
            onApply={(machine) => onChange({ machine })}
          />
        </SimpleGrid>
        <Collapse expanded={isPhone || moreOpened} id={moreId}>
          <SimpleGrid {...grid} cols={{ ...grid.cols, lg: 6 }} pt="xs">
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
            <DeskMoreFilters params={params} onChange={onChange} />
            <Select
              label={t('filters.sort')}
              data={SORTS.map((value) => ({ value, label: t(sortLabel(value)) }))}
              value={sortValue}
              onChange={setSort}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
        </Collapse>
        <Group justify="space-between" align="center" gap="sm" wrap="wrap" mt="xs">
          <Group gap="md">
            <Switch
              label={t('staff-desk:filters.waiting')}
              checked={params.waiting}
              onChange={(event) => onChange({ waiting: event.currentTarget.checked })}
            />
            {isPhone ? null : (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
                rightSection={
                  hidden > 0 ? (
                    <Badge size="sm" circle aria-hidden>
                      {hidden}
                    </Badge>
                  ) : null
                }
                onClick={toggleMore}
                aria-expanded={moreOpened}
                aria-controls={moreId}
              >
                {t(moreOpened ? 'filters.fewer' : 'filters.more')}
                {hidden > 0 ? (
                  <VisuallyHidden>, {t('filters.active', { count: hidden })}</VisuallyHidden>
                ) : null}
              </Button>
            )}
          </Group>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={onClear}
            disabled={active === 0}
          >
            {t('filters.clear')}
          </Button>
        </Group>
        <LinkFilters params={params} onChange={onChange} />
      </Collapse>
    </Paper>
  );
}
