import { SERVICE_REQUEST_STATUSES } from '@care/contract/statuses';
import { Anchor, Button, Group, Paper } from '@mantine/core';
import { IconPlus, IconTool } from '@tabler/icons-react';
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
import { notifyNotImplemented } from './not-implemented.ts';
import { SERVICE_STATUS_TONES, type ServiceRequestView } from './service-view.ts';

// The service-requests issue replaces this with api/service-requests/user-owned (filtered by q and status).
const NO_REQUESTS: readonly ServiceRequestView[] = [];

/** SPEC §2 /home/services: the customer's service requests ("submissions"). */
export function Component() {
  const { t } = useTranslation('services');
  const requests = NO_REQUESTS;

  const columns: Column<ServiceRequestView>[] = [
    { key: 'code', label: t('fields.code'), render: (r) => <RequestLink request={r} /> },
    { key: 'reportDate', label: t('fields.report-date'), render: (r) => displayDate(r.reportDate) },
    {
      key: 'estimatedCompletionDate',
      label: t('fields.estimated-completion-date'),
      render: (r) => displayDate(r.estimatedCompletionDate),
    },
    {
      key: 'completionDate',
      label: t('fields.completion-date'),
      render: (r) => displayDate(r.completionDate),
    },
    { key: 'status', label: t('fields.status'), render: (r) => <RequestStatusBadge request={r} /> },
    { key: 'machine', label: t('fields.machine'), render: (r) => r.machineName ?? '—' },
  ];

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <Button h={40} leftSection={<IconPlus size={18} aria-hidden />} onClick={notifyNotImplemented}>
            {t('list.new')}
          </Button>
        }
      />
      <ListFilters
        searchLabel={t('list.search')}
        searchPlaceholder={t('list.search-placeholder')}
        statusLabel={t('fields.status')}
        statuses={SERVICE_REQUEST_STATUSES.map((code) => ({ value: code, label: t(`status.${code}`) }))}
      />
      <DataTableFrame
        caption={t('list.title')}
        columns={columns}
        rows={requests}
        rowKey={(r) => r.id}
        renderCard={(r) => <RequestCard request={r} />}
        empty={
          <EmptyState
            icon={IconTool}
            title={t('list.empty.title')}
            description={t('list.empty.description')}
          />
        }
      />
    </>
  );
}

function RequestLink({ request }: { request: ServiceRequestView }) {
  return (
    <Anchor component={Link} to={paths.service(request.id)} fw={600}>
      {request.code}
    </Anchor>
  );
}

function RequestStatusBadge({ request }: { request: ServiceRequestView }) {
  const { t } = useTranslation('services');
  return <StatusBadge label={t(`status.${request.status}`)} tone={SERVICE_STATUS_TONES[request.status]} />;
}

function RequestCard({ request }: { request: ServiceRequestView }) {
  const { t } = useTranslation('services');
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <RequestLink request={request} />
        <RequestStatusBadge request={request} />
      </Group>
      <FieldList
        fields={[
          { label: t('fields.machine'), value: request.machineName ?? '—' },
          { label: t('fields.report-date'), value: displayDate(request.reportDate) },
          {
            label: t('fields.estimated-completion-date'),
            value: displayDate(request.estimatedCompletionDate),
          },
          { label: t('fields.completion-date'), value: displayDate(request.completionDate) },
        ]}
      />
    </Paper>
  );
}
