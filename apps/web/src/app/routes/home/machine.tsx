import { Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconCertificate, IconInfoCircle, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ErrorPage } from '#app/components/feedback/error-page.tsx';
import type { Column } from '#app/components/layout/data-table-frame.tsx';
import { DataTableFrame } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { StatusBadge } from '#app/components/layout/status-badge.tsx';
import { paths } from '#app/config/paths.ts';
import { request } from '#app/lib/api-client.ts';
import { displayDate } from './display-date.ts';
import { MACHINE_STATUS_TONES, MachineViewSchema } from './machine-view.ts';
import type { ServiceRequestView } from './service-view.ts';

/** SPEC §2: the machine is preloaded; a failure shows the 'machine-load-error' page instead. */
export async function loader({ params, request: { signal } }: LoaderFunctionArgs) {
  const machine = await request(`api/end-products/${encodeURIComponent(params.machineId ?? '')}`, {
    schema: MachineViewSchema,
    silent: true,
    signal,
  });
  return { machine };
}

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

// The machines issue lists this machine's requests (api/service-requests filtered by machine).
const NO_REQUESTS: readonly ServiceRequestView[] = [];

/** SPEC §2 /home/machines/edit/{machineId}: the machine, its guarantee and its service requests. */
export function Component() {
  const { t } = useTranslation(['machines', 'services']);
  const { machine } = useLoaderData<typeof loader>();

  const requestColumns: Column<ServiceRequestView>[] = [
    { key: 'code', label: t('services:fields.code'), render: (r) => r.code },
    { key: 'reportDate', label: t('services:fields.report-date'), render: (r) => displayDate(r.reportDate) },
    { key: 'status', label: t('services:fields.status'), render: (r) => t(`services:status.${r.status}`) },
  ];

  return (
    <>
      <PageHeader
        title={machine.name}
        breadcrumbs={[{ label: t('list.title'), to: paths.machines }, { label: machine.name }]}
        badge={
          <StatusBadge label={t(`status.${machine.status}`)} tone={MACHINE_STATUS_TONES[machine.status]} />
        }
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SectionCard icon={IconInfoCircle} title={t('details.title')}>
            <FieldList
              fields={[
                { label: t('fields.name'), value: machine.name },
                { label: t('fields.serial-number'), value: machine.serialNumber },
                { label: t('fields.purchase-date'), value: displayDate(machine.purchaseDate) },
                { label: t('fields.dealer'), value: machine.dealer ?? '—' },
              ]}
            />
          </SectionCard>
          <SectionCard icon={IconCertificate} title={t('details.guarantee')}>
            <FieldList
              fields={[
                { label: t('fields.guarantee-end-date'), value: displayDate(machine.guaranteeEndDate) },
                { label: t('fields.status'), value: t(`status.${machine.status}`) },
              ]}
            />
          </SectionCard>
        </SimpleGrid>
        <SectionCard icon={IconTool} title={t('details.requests')}>
          <DataTableFrame
            caption={t('details.requests')}
            columns={requestColumns}
            rows={NO_REQUESTS}
            rowKey={(r) => r.id}
            renderCard={(r) => `${r.code} · ${t(`services:status.${r.status}`)}`}
            minWidth={480}
            nested
            empty={<EmptyState size="sm" icon={IconTool} title={t('details.no-requests')} />}
          />
        </SectionCard>
      </Stack>
    </>
  );
}
