import { Button, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListFilterControls } from './use-list-table.ts';

export interface ActiveFilter {
  id: string;
  /** What the filter keeps, e.g. "Status: Oczekujące, W realizacji". */
  label: string;
}

interface ActiveFiltersProps {
  filters: readonly ActiveFilter[];
  controls: ListFilterControls;
}

/**
 * Above a filtered list, whether or not the filter panel is open: each filter in use as a button that drops it,
 * one to drop them all, and a word when they came with a link (shown for this visit, not saved).
 */
export function ActiveFilters({ filters, controls }: ActiveFiltersProps) {
  const { t } = useTranslation('layout');
  const labelId = useId();
  if (filters.length === 0) return null;
  const fromLink = filters.some((filter) => controls.fromLink.includes(filter.id));

  return (
    <Group role="group" aria-labelledby={labelId} gap="xs" mt="sm" align="center" wrap="wrap">
      <Text id={labelId} size="sm" fw={600}>
        {t('table.active-filters.label')}
      </Text>
      {filters.map((filter) => (
        <Button
          key={filter.id}
          variant="light"
          size="xs"
          radius="xl"
          rightSection={<IconX size={14} aria-hidden />}
          aria-label={t('table.active-filters.remove', { filter: filter.label })}
          onClick={() => controls.clearFilter(filter.id)}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
          h="auto"
          mih={30}
        >
          {filter.label}
        </Button>
      ))}
      <Button variant="subtle" size="xs" mih={30} onClick={controls.clearFilters}>
        {t('table.active-filters.clear-all')}
      </Button>
      {fromLink ? (
        <Text size="sm" c="dimmed" w="100%">
          {t('table.active-filters.from-link')}
        </Text>
      ) : null}
    </Group>
  );
}
