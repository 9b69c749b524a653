import { Button, Group } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StaffQueueParams } from '../api.ts';
import type { QueueFilters } from '../queue-params.ts';

interface LinkFiltersProps {
  params: StaffQueueParams;
  onChange: (filters: Partial<QueueFilters>) => void;
}

/**
 * The filters only a link sets (the insight dashboard's figures: an exact machine model, the days of the last
 * status change), shown so the reader knows why the queue is narrowed, each removable with one press.
 */
export function LinkFilters({ params, onChange }: LinkFiltersProps) {
  const { t } = useTranslation('staff');
  const changed = params.changedFrom || params.changedTo;
  if (!params.model && !changed) return null;
  const chip = (label: string, onRemove: () => void) => (
    <Button
      variant="light"
      size="compact-sm"
      h={32}
      rightSection={<IconX size={14} aria-hidden />}
      onClick={onRemove}
      aria-label={t('filters.remove', { filter: label })}
    >
      {label}
    </Button>
  );
  return (
    <Group gap="xs" mt="sm">
      {params.model
        ? chip(t('filters.model', { model: params.model }), () => onChange({ model: undefined }))
        : null}
      {changed
        ? chip(t('filters.changed', { from: params.changedFrom ?? '…', to: params.changedTo ?? '…' }), () =>
            onChange({ changedFrom: undefined, changedTo: undefined }),
          )
        : null}
    </Group>
  );
}
