import type { Machine } from '@care/contract/machines';
import { Anchor, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { paths } from '#app/config/paths.ts';
import { formatDate } from '#app/lib/date-time.ts';
import { GuaranteeBadge } from './guarantee-badge.tsx';
import { MachineStatusBadge } from './machine-status-badge.tsx';

export function MachineLink({ machine }: { machine: Pick<Machine, 'id' | 'name'> }) {
  return (
    <Anchor component={Link} to={paths.machine(machine.id)} fw={600}>
      {machine.name}
    </Anchor>
  );
}

/** One machine on a phone: the same fields as the table's columns. */
export function MachineCard({ machine }: { machine: Machine }) {
  const { t } = useTranslation('machines');
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <MachineLink machine={machine} />
        <MachineStatusBadge status={machine.status} />
      </Group>
      <FieldList
        fields={[
          { label: t('fields.serial-number'), value: machine.serialNumber },
          { label: t('fields.purchase-date'), value: formatDate(machine.purchaseDate) },
          {
            label: t('fields.guarantee-end-date'),
            value: (
              <Group gap={6} component="span">
                {formatDate(machine.guaranteeEndDate)}
                <GuaranteeBadge machine={machine} />
              </Group>
            ),
          },
          { label: t('fields.dealer'), value: machine.dealer ?? '—' },
        ]}
      />
    </Paper>
  );
}
