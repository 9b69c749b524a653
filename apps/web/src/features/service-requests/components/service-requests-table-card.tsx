import type { ServiceRequestListItem } from '@care/contract/service-requests';
import { Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { formatDate } from '#app/lib/date-time.ts';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';
import { ServiceRequestLink, UnreadBadge } from './service-requests-table-parts.tsx';

/** One request on a phone: the same fields as the table's columns. */
export function ServiceRequestCard({ request }: { request: ServiceRequestListItem }) {
  const { t } = useTranslation('services');
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Group gap="xs">
          <ServiceRequestLink request={request} />
          <UnreadBadge count={request.unreadCount} />
        </Group>
        <ServiceStatusBadge status={request.status} />
      </Group>
      <FieldList
        fields={[
          { label: t('fields.machine'), value: `${request.machineName} (${request.machineSerialNumber})` },
          { label: t('fields.report-date'), value: formatDate(request.reportDate) },
          {
            label: t('fields.estimated-completion-date'),
            value: formatDate(request.estimatedCompletionDate),
          },
          { label: t('fields.completion-date'), value: formatDate(request.completionDate) },
        ]}
      />
    </Paper>
  );
}
