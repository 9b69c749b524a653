import type { CustomerServiceRequest } from '@care/contract/customers';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTableFrame } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';
import { formatDate } from '#app/lib/date-time.ts';

interface CustomerServiceRequestsProps {
  requests: readonly CustomerServiceRequest[];
  /** Where a request's code links to (the service department's request screen). */
  linkTo: (request: CustomerServiceRequest) => string;
}

/** The customer's service requests, newest first, each a link into the staff request screen. */
export function CustomerServiceRequests({ requests, linkTo }: CustomerServiceRequestsProps) {
  const { t } = useTranslation('customers');
  const code = (r: CustomerServiceRequest) => (
    <Anchor component={Link} to={linkTo(r)} fw={600}>
      {r.code}
    </Anchor>
  );
  const columns: Column<CustomerServiceRequest>[] = [
    { key: 'code', nowrap: true, label: t('requests.code'), render: code },
    { key: 'date', nowrap: true, label: t('requests.report-date'), render: (r) => formatDate(r.reportDate) },
    {
      key: 'machine',
      label: t('requests.machine'),
      render: (r) => `${r.machineName} (${r.machineSerialNumber})`,
    },
    {
      key: 'status',
      label: t('requests.status'),
      render: (r) => <ServiceStatusBadge status={r.status} wrap />,
    },
  ];
  return (
    <DataTableFrame
      caption={t('requests.service-title')}
      columns={columns}
      rows={requests}
      rowKey={(r) => r.id}
      minWidth={640}
      nested
      empty={<EmptyState icon={IconTool} title={t('requests.service-empty')} size="sm" />}
      renderCard={(r) => (
        <Paper withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              {code(r)}
              <ServiceStatusBadge status={r.status} wrap />
            </Group>
            <Text size="xs" c="dimmed">
              {formatDate(r.reportDate)} · {r.machineSerialNumber}
            </Text>
          </Stack>
        </Paper>
      )}
    />
  );
}
