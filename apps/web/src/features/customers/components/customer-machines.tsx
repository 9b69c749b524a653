import type { CustomerMachine } from '@care/contract/customers';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTractor, IconUnlink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTableFrame } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { formatDate } from '#app/lib/date-time.ts';

interface CustomerMachinesProps {
  machines: readonly CustomerMachine[];
  /** Admins only: the "remove" button of a row. */
  onRemove?: (machine: CustomerMachine) => void;
}

/** The customer's machines: serial number, model, ERP status, guarantee end, owned since (dense: beside other panels). */
export function CustomerMachines({ machines, onRemove }: CustomerMachinesProps) {
  const { t } = useTranslation(['customers', 'machines']);
  const remove = (machine: CustomerMachine) =>
    onRemove ? (
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconUnlink size={16} aria-hidden />}
        onClick={() => onRemove(machine)}
        aria-label={t('machines.remove-label', { serialNumber: machine.serialNumber })}
      >
        {t('machines.remove')}
      </Button>
    ) : null;
  const columns: Column<CustomerMachine>[] = [
    {
      key: 'serial',
      nowrap: true,
      label: t('machines.serial-number'),
      render: (m) => (
        <Text size="sm" fw={600} ff="monospace">
          {m.serialNumber}
        </Text>
      ),
    },
    { key: 'name', label: t('machines.name'), render: (m) => m.name },
    { key: 'status', label: t('machines.status'), render: (m) => t(`machines:status.${m.status}`) },
    {
      key: 'guarantee',
      nowrap: true,
      label: t('machines.guarantee-end'),
      render: (m) => formatDate(m.guaranteeEndDate) || '—',
    },
    {
      key: 'since',
      nowrap: true,
      label: t('machines.owned-since'),
      render: (m) => formatDate(m.ownedSince) || '—',
    },
    ...(onRemove ? [{ key: 'actions', label: t('machines.actions'), render: remove }] : []),
  ];
  return (
    <DataTableFrame
      caption={t('machines.title')}
      columns={columns}
      rows={machines}
      rowKey={(m) => m.id}
      minWidth={onRemove ? 660 : 560}
      nested
      empty={<EmptyState icon={IconTractor} title={t('machines.empty')} size="sm" />}
      renderCard={(m) => (
        <Paper withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} ff="monospace">
                {m.serialNumber}
              </Text>
              {remove(m)}
            </Group>
            <Text size="sm">{m.name}</Text>
            <Text size="xs" c="dimmed">
              {t(`machines:status.${m.status}`)} · {t('machines.guarantee-end')}:{' '}
              {formatDate(m.guaranteeEndDate) || '—'}
            </Text>
          </Stack>
        </Paper>
      )}
    />
  );
}
