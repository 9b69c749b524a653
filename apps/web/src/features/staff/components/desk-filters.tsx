import {
  SERVICE_REQUEST_PRIORITIES,
  STAFF_GUARANTEE_FILTERS,
  type ServiceRequestPriority,
} from '@care/contract/staff-desk-fields';
import { MultiSelect, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffColleaguesQuery, type StaffQueueParams } from '../api.ts';
import type { QueueFilters } from '../queue-params.ts';
import { TextFilter } from './text-filter.tsx';

interface DeskFiltersProps {
  params: StaffQueueParams;
  onChange: (filters: Partial<QueueFilters>) => void;
}

/** The desk's filters of the queue's first row: the request number and the assignee. */
export function DeskMainFilters({ params, onChange }: DeskFiltersProps) {
  const { t } = useTranslation('staff-desk');
  const colleagues = useQuery(staffColleaguesQuery).data ?? [];
  return (
    <>
      <TextFilter
        label={t('filters.code')}
        placeholder={t('filters.code-placeholder')}
        value={params.code}
        onApply={(code) => onChange({ code })}
      />
      <Select
        label={t('filters.assignee')}
        placeholder={t('filters.assignee-placeholder')}
        data={colleagues.map((colleague) => ({ value: colleague.id, label: colleague.name }))}
        value={params.assignee ?? null}
        onChange={(assignee) => onChange({ assignee: assignee ?? undefined })}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}

/** The desk's filters behind "more filters": priority, tag, guarantee. */
export function DeskMoreFilters({ params, onChange }: DeskFiltersProps) {
  const { t } = useTranslation('staff-desk');
  return (
    <>
      <MultiSelect
        label={t('filters.priority')}
        placeholder={params.priority?.length ? undefined : t('filters.priority-placeholder')}
        data={[...SERVICE_REQUEST_PRIORITIES]
          .reverse()
          .map((value) => ({ value, label: t(`priority.${value}`) }))}
        value={params.priority ?? []}
        onChange={(value) => onChange({ priority: value as ServiceRequestPriority[] })}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <TextFilter
        label={t('filters.tag')}
        placeholder={t('filters.tag-placeholder')}
        value={params.tag}
        onApply={(tag) => onChange({ tag })}
      />
      <Select
        label={t('filters.guarantee')}
        placeholder={t('filters.guarantee-placeholder')}
        data={STAFF_GUARANTEE_FILTERS.map((value) => ({ value, label: t(`guarantee.${value}`) }))}
        value={params.guarantee ?? null}
        onChange={(value) => onChange({ guarantee: (value ?? undefined) as StaffQueueParams['guarantee'] })}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}
