import type { MachineServiceRequest } from '@care/contract/machines';
import { Anchor, Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { IconCertificate, IconInfoCircle, IconPlus, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { ErrorPage } from '#app/components/feedback/error-page.tsx';
import { type Column, DataTableFrame } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { paths } from '#app/config/paths.ts';
import { machineQuery } from '#app/features/machines/api.ts';
import { GuaranteeBadge } from '#app/features/machines/components/guarantee-badge.tsx';
import { MachineStatusBadge } from '#app/features/machines/components/machine-status-badge.tsx';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';
import { ServiceRequestLink } from '#app/features/service-requests/components/service-requests-table-parts.tsx';
import { formatDate, formatDateTime } from '#app/lib/date-time.ts';
import { queryClient } from '#app/lib/query-client.ts';

/** SPEC §2: the machine is preloaded (fresh for 30 s); a failure shows the 'machine-load-error' page instead. */
export const loader = ({ params }: LoaderFunctionArgs) =>
  queryClient.ensureQueryData(machineQuery(params.machineId ?? ''));

export function ErrorBoundary() {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 40 }}
      maw={640}
      mx="auto"
      my={{ base: 'md', sm: 'xl' }}
    >
      <ErrorPage titleKey="machine-load-error" embedded />
    </Paper>
  );
}

/** SPEC §2 /home/machines/edit/{machineId}: the machine, its guarantee, its service requests and a new one. */
export function Component() {
  const { t } = useTranslation(['machines', 'services']);
  const { machineId = '' } = useParams();
  const { data: machine } = useSuspenseQuery(machineQuery(machineId));

  const requestColumns: Column<MachineServiceRequest>[] = [
    { key: 'code', label: t('services:fields.code'), render: (r) => <ServiceRequestLink request={r} /> },
    {
      key: 'reportDate',
      label: t('services:fields.report-date'),
      render: (r) => formatDateTime(r.reportDate),
    },
    {
      key: 'status',
      // The machine's own status is on the same page: the column says whose status it is.
      label: t('services:fields.request-status'),
      render: (r) => <ServiceStatusBadge status={r.status} />,
    },
    {
      key: 'estimatedCompletionDate',
      label: t('services:fields.estimated-completion-date'),
      render: (r) => formatDate(r.estimatedCompletionDate),
    },
    {
      key: 'completionDate',
      label: t('services:fields.completion-date'),
      render: (r) => formatDate(r.completionDate),
    },
  ];
  const shown = machine.serviceRequests.length;

  return (
    <>
      <PageHeader
        title={machine.name}
        breadcrumbs={[{ label: t('list.title'), to: paths.machines }, { label: machine.name }]}
        badge={<MachineStatusBadge status={machine.status} />}
        actions={
          <Button
            component={Link}
            to={paths.newService(machine.id)}
            h={40}
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t('details.new-request')}
          </Button>
        }
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SectionCard icon={IconInfoCircle} title={t('details.title')}>
            <FieldList
              fields={[
                { label: t('fields.name'), value: machine.name },
                { label: t('fields.serial-number'), value: machine.serialNumber },
                { label: t('fields.purchase-date'), value: formatDate(machine.purchaseDate) },
                { label: t('fields.machine-status'), value: t(`status.${machine.status}`) },
                { label: t('fields.dealer'), value: machine.dealer ?? '—' },
              ]}
            />
          </SectionCard>
          <SectionCard icon={IconCertificate} title={t('details.guarantee')}>
            <FieldList
              fields={[
                { label: t('fields.guarantee-end-date'), value: formatDate(machine.guaranteeEndDate) },
                { label: t('details.guarantee-status'), value: <GuaranteeBadge machine={machine} /> },
                ...(machine.guaranteeState === 'ended' && machine.guaranteeDaysLeft !== null
                  ? [{ label: t('details.days-since-end'), value: String(-machine.guaranteeDaysLeft) }]
                  : []),
              ]}
            />
          </SectionCard>
        </SimpleGrid>
        <SectionCard
          icon={IconTool}
          title={t('details.requests')}
          description={
            machine.serviceRequestCount > 0
              ? t('details.open-requests', { count: machine.openServiceRequestCount })
              : undefined
          }
        >
          <Stack gap="sm">
            <DataTableFrame
              caption={t('details.requests')}
              columns={requestColumns}
              rows={machine.serviceRequests}
              rowKey={(r) => r.id}
              minWidth={640}
              nested
              renderCard={(r) => (
                <Paper withBorder radius="md" p="sm">
                  <Stack gap={6} align="flex-start">
                    <ServiceRequestLink request={r} />
                    <ServiceStatusBadge status={r.status} />
                    <Text size="xs" c="dimmed">
                      {t('services:fields.report-date')}: {formatDateTime(r.reportDate)}
                    </Text>
                  </Stack>
                </Paper>
              )}
              empty={
                <EmptyState size="sm" icon={IconTool} title={t('details.no-requests')}>
                  <Button component={Link} to={paths.newService(machine.id)} variant="light" h={40}>
                    {t('details.new-request')}
                  </Button>
                </EmptyState>
              }
            />
            {machine.serviceRequestCount > shown ? (
              <Text size="sm" c="dimmed">
                {t('details.requests-shown', { shown, total: machine.serviceRequestCount })}{' '}
                <Anchor component={Link} to={paths.services} size="sm">
                  {t('details.all-requests')}
                </Anchor>
              </Text>
            ) : null}
          </Stack>
        </SectionCard>
      </Stack>
    </>
  );
}
