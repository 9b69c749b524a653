import { Box, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SearchField } from './search-field.tsx';

interface ListFiltersProps {
  searchLabel: string;
  searchPlaceholder: string;
  statusLabel: string;
  statuses: readonly { value: string; label: string }[];
}

/**
 * The toolbar above a list: text search and a status filter. Both live in the URL (`q`, `status`), so a
 * filtered list can be bookmarked and the list's query reads them from there.
 */
export function ListFilters({ searchLabel, searchPlaceholder, statusLabel, statuses }: ListFiltersProps) {
  const { t } = useTranslation('layout');
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const status = params.get('status');

  const update = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <Group align="flex-start" gap="md" mb="lg" wrap="wrap">
      <Box style={{ flex: '1 1 280px', minWidth: 0 }}>
        <SearchField
          key={query}
          label={searchLabel}
          placeholder={searchPlaceholder}
          initialValue={query}
          onSearch={(value) => update('q', value)}
        />
      </Box>
      <Select
        label={statusLabel}
        placeholder={t('filters.all-statuses')}
        data={statuses.map((s) => ({ value: s.value, label: s.label }))}
        value={status}
        onChange={(value) => update('status', value)}
        clearable
        size="md"
        w={{ base: '100%', xs: 280 }}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
