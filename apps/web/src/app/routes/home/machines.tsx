import { MACHINE_STATUSES } from '@care/contract/statuses';
import { Anchor, Group, Paper } from '@mantine/core';
import { IconTractor } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '#app/components/layout/data-table-frame.tsx';
import { DataTableFrame } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { ListFilters } from '#app/components/layout/list-filters.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { StatusBadge } from '#app/components/layout/status-badge.tsx';
import { paths } from '#app/config/paths.ts';
import { displayDate } from './display-date.ts';
import { MACHINE_STATUS_TONES, type MachineView } from './machine-view.ts';

// The machines issue replaces this with api/end-products/user-owned (filtered by the URL's q and status).
const NO_MACHINES: readonly MachineView[] = [];

/** SPEC §2 /home/machines: the customer's machines with their guarantee dates and status. */
export function Component() {
  const { t } = useTranslation('machines');
  const machines = NO_MACHINES;

  const columns: Column<MachineView>[] = [
    { key: 'name', label: t('fields.name'), render: (m) => <MachineLink machine={m} /> },
    { key: 'serialNumber', label: t('fields.serial-number'), render: (m) => m.serialNumber },
    { key: 'purchaseDate', label: t('fields.purchase-date'), render: (m) => displayDate(m.purchaseDate) },
    {
      key: 'guaranteeEndDate',
      label: t('fields.guarantee-end-date'),
      render: (m) => displayDate(m.guaranteeEndDate),
    },
    { key: 'status', label: t('fields.status'), render: (m) => <MachineStatusBadge machine={m} /> },
    { key: 'dealer', label: t('fields.dealer'), render: (m) => m.dealer ?? '—' },
  ];

  return (
    <>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <ListFilters
        searchLabel={t('list.search')}
        searchPlaceholder={t('list.search-placeholder')}
        statusLabel={t('fields.status')}
        statuses={MACHINE_STATUSES.map((code) => ({ value: code, label: t(`status.${code}`) }))}
      />
      <DataTableFrame
        caption={t('list.title')}
        columns={columns}
        rows={machines}
        rowKey={(m) => m.id}
        renderCard={(m) => <MachineCard machine={m} />}
        empty={
          <EmptyState
            icon={IconTractor}
            title={t('list.empty.title')}
            description={t('list.empty.description')}
          />
        }
      />
    </>
  );
}

function MachineLink({ machine }: { machine: MachineView }) {
  return (
    <Anchor component={Link} to={paths.machine(machine.id)} fw={600}>
      {machine.name}
    </Anchor>
  );
}

function MachineStatusBadge({ machine }: { machine: MachineView }) {
  const { t } = useTranslation('machines');
  return <StatusBadge label={t(`status.${machine.status}`)} tone={MACHINE_STATUS_TONES[machine.status]} />;
}

function MachineCard({ machine }: { machine: MachineView }) {
  const { t } = useTranslation('machines');
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <MachineLink machine={machine} />
        <MachineStatusBadge machine={machine} />
      </Group>
      <FieldList
        fields={[
          { label: t('fields.serial-number'), value: machine.serialNumber },
          { label: t('fields.purchase-date'), value: displayDate(machine.purchaseDate) },
          { label: t('fields.guarantee-end-date'), value: displayDate(machine.guaranteeEndDate) },
          { label: t('fields.dealer'), value: machine.dealer ?? '—' },
        ]}
      />
    </Paper>
  );
}
