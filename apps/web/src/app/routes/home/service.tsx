import { Grid, Paper, Stack } from '@mantine/core';
import { IconFileDescription, IconInfoCircle, IconMessages, IconPaperclip } from '@tabler/icons-react';
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
import { SERVICE_STATUS_TONES, ServiceRequestViewSchema } from './service-view.ts';

/** SPEC §2: the request is preloaded; a failure shows the 'service-load-error' page instead. */
export async function loader({ params, request: { signal } }: LoaderFunctionArgs) {
  const service = await request(`api/service-requests/${encodeURIComponent(params.serviceId ?? '')}`, {
    schema: ServiceRequestViewSchema,
    silent: true,
    signal,
  });
  return { service };
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
      <ErrorPage titleKey="service-load-error" embedded />
    </Paper>
  );
}

interface Attachment {
  id: string;
  name: string;
  addedAt: string;
  addedBy: string;
}

// The service-requests issue lists the appendices (api/chat/files) and adds the upload.
const NO_ATTACHMENTS: readonly Attachment[] = [];

/** SPEC §2 /home/services/edit/{serviceId}: the request's details, attachments and chat. */
export function Component() {
  const { t } = useTranslation('services');
  const { service } = useLoaderData<typeof loader>();
  const dash = (value: string | null | undefined) => value || '—';

  const attachmentColumns: Column<Attachment>[] = [
    { key: 'name', label: t('attachments.name'), render: (a) => a.name },
    { key: 'addedAt', label: t('attachments.added-at'), render: (a) => displayDate(a.addedAt) },
    { key: 'addedBy', label: t('attachments.added-by'), render: (a) => a.addedBy },
  ];

  return (
    <>
      <PageHeader
        title={t('details.title', { code: service.code })}
        breadcrumbs={[{ label: t('list.title'), to: paths.services }, { label: service.code }]}
        badge={
          <StatusBadge label={t(`status.${service.status}`)} tone={SERVICE_STATUS_TONES[service.status]} />
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <SectionCard icon={IconInfoCircle} title={t('details.summary')}>
              <FieldList
                labelWidth={220}
                fields={[
                  { label: t('fields.machine'), value: dash(service.machineName) },
                  { label: t('fields.report-date'), value: displayDate(service.reportDate) },
                  {
                    label: t('fields.estimated-completion-date'),
                    value: displayDate(service.estimatedCompletionDate),
                  },
                  { label: t('fields.completion-date'), value: displayDate(service.completionDate) },
                  { label: t('fields.transport-type'), value: dash(service.transportType) },
                  { label: t('fields.delivery-place'), value: dash(service.deliveryPlace) },
                ]}
              />
            </SectionCard>
            <SectionCard icon={IconFileDescription} title={t('details.description')}>
              <FieldList
                orientation="vertical"
                fields={[
                  { label: t('fields.problem-description'), value: dash(service.problemDescription) },
                  { label: t('fields.comments'), value: dash(service.comments) },
                  { label: t('fields.service-opinion'), value: dash(service.serviceOpinion) },
                  { label: t('fields.additional-parts'), value: dash(service.additionalParts) },
                ]}
              />
            </SectionCard>
            <SectionCard icon={IconPaperclip} title={t('attachments.title')}>
              <DataTableFrame
                caption={t('attachments.title')}
                columns={attachmentColumns}
                rows={NO_ATTACHMENTS}
                rowKey={(a) => a.id}
                renderCard={(a) => `${a.name} · ${displayDate(a.addedAt)} · ${a.addedBy}`}
                minWidth={480}
                nested
                empty={<EmptyState size="sm" icon={IconPaperclip} title={t('attachments.empty')} />}
              />
            </SectionCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <SectionCard icon={IconMessages} title={t('chat.title')} description={t('chat.description')}>
            <EmptyState
              size="sm"
              icon={IconMessages}
              title={t('chat.empty.title')}
              description={t('chat.empty.description')}
            />
          </SectionCard>
        </Grid.Col>
      </Grid>
    </>
  );
}
