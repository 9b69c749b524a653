import type { IntakeCustomer } from '@care/contract/intake';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intakeCustomersQuery } from '../api.ts';

/** How a customer reads in the list: name (or e-mail), e-mail, company. */
export const customerLabel = (customer: IntakeCustomer) =>
  [customer.name || customer.email, customer.name ? customer.email : null, customer.companyName]
    .filter(Boolean)
    .join(' · ');

interface CustomerPickerProps {
  value: IntakeCustomer | null;
  onChange: (customer: IntakeCustomer | null) => void;
}

/**
 * The customer who phoned: a combobox searching active customers on the server by name, e-mail, phone or company
 * (the same folding as the queue's customer filter: case and Polish letters ignored). The chosen one stays in the
 * list while another search runs.
 */
export function CustomerPicker({ value, onChange }: CustomerPickerProps) {
  const { t } = useTranslation('intake');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useQuery(intakeCustomersQuery(debounced));
  const customers = [...(value ? [value] : []), ...(found.data ?? []).filter((c) => c.id !== value?.id)];
  const tooShort = debounced.length < 3;
  return (
    <Select
      label={t('customer.label')}
      description={t('customer.hint')}
      placeholder={t('customer.placeholder')}
      required
      searchable
      clearable
      data={customers.map((customer) => ({ value: customer.id, label: customerLabel(customer) }))}
      // The server searched already: every option it answered matches.
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      value={value?.id ?? null}
      onChange={(id) => onChange(customers.find((customer) => customer.id === id) ?? null)}
      nothingFoundMessage={tooShort ? t('customer.type-more') : t('customer.none')}
      rightSection={found.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      comboboxProps={{ withinPortal: true }}
      name="customerId"
    />
  );
}
