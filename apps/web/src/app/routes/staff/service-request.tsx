import type { ChatUnread } from '@care/contract/chat';
import {
  UPLOAD_CONTENT_TYPES,
  UPLOAD_DEFAULT_LIMITS,
  UPLOAD_EXTENSIONS,
  type UploadLimits,
} from '@care/contract/files';
import { Grid, Paper, Stack } from '@mantine/core';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import {
  IconArrowsExchange,
  IconCalendarEvent,
  IconClipboardText,
  IconFileDescription,
  IconHistory,
  IconMessages,
  IconPaperclip,
  IconTractor,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { ErrorPage } from '#app/components/feedback/error-page.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { paths } from '#app/config/paths.ts';
import { ChatPanel } from '#app/features/chat/components/chat-panel.tsx';
import { elementsQuery } from '#app/features/service-requests/api.ts';
import { AttachmentList } from '#app/features/service-requests/components/attachment-list.tsx';
import { unreadKeys } from '#app/features/service-requests/unread.ts';
import { staffKeys, staffServiceRequestQuery } from '#app/features/staff/api.ts';
import { AssignmentPanel } from '#app/features/staff/components/assignment-panel.tsx';
import { CustomerDetails } from '#app/features/staff/components/customer-details.tsx';
import { DatesForm } from '#app/features/staff/components/dates-form.tsx';
import { FindingsForm } from '#app/features/staff/components/findings-form.tsx';
import { GuaranteeBadge } from '#app/features/machines/components/guarantee-badge.tsx';
import { MachineDetails } from '#app/features/staff/components/machine-details.tsx';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';
import { RequestSummary } from '#app/features/staff/components/request-summary.tsx';
import { StatusChange } from '#app/features/staff/components/status-change.tsx';
import { StatusHistory } from '#app/features/staff/components/status-history.tsx';
import { formatDate } from '#app/lib/date-time.ts';
import { queryClient } from '#app/lib/query-client.ts';

const DEFAULT_LIMITS: UploadLimits = {
  ...UPLOAD_DEFAULT_LIMITS,
  contentTypes: UPLOAD_CONTENT_TYPES,
  extensions: UPLOAD_EXTENSIONS,
};

/** The request is preloaded; a failure (unknown id) shows the 'service-load-error' page instead. */
export async function loader({ params }: LoaderFunctionArgs) {
  // The chat's upload limits come with the form choices; they may arrive after the page.
  void queryClient.prefetchQuery(elementsQuery);
  await queryClient.ensureQueryData(staffServiceRequestQuery(params.serviceRequestId ?? ''));
  return null;
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

/** /staff/service-requests/{id}: what the customer sees, plus customer, machine, status control and the work fields. */
export function Component() {
  const { t } = useTranslation(['staff', 'services']);
  const id = useParams().serviceRequestId ?? '';
  const { data: request } = useSuspenseQuery(staffServiceRequestQuery(id));
  // Until the server's limits arrive, the contract's defaults (the server checks every file anyway).
  const limits = useQuery(elementsQuery).data?.uploadLimits ?? DEFAULT_LIMITS;
  const client = useQueryClient();
  // Reading the chat changes the header's total and this request's count in the queue.
  const onUnread = (unread: ChatUnread) => {
    client.setQueryData(unreadKeys.all, unread);
    void client.invalidateQueries({ queryKey: staffKeys.queues() });
  };

  return (
    <>
      <PageHeader
        title={t('services:details.title', { code: request.code })}
        breadcrumbs={[{ label: t('queue.title'), to: paths.staff }, { label: request.code }]}
        badge={<ServiceStatusBadge status={request.status} />}
      />
      {/* The customer's side (what they wrote, their files, the chat) beside the staff's work on the request. */}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <SectionCard icon={IconFileDescription} title={t('services:details.summary')}>
              <RequestSummary serviceRequest={request} />
            </SectionCard>
            <SectionCard icon={IconPaperclip} title={t('services:attachments.title')}>
              <AttachmentList requestId={request.id} attachments={request.attachments} />
            </SectionCard>
            <SectionCard icon={IconMessages} title={t('chat.title')} description={t('chat.description')}>
              <ChatPanel
                serviceRequestId={request.id}
                limits={limits}
                onUnread={onUnread}
                composerLabel={t('staff:chat.composer-label')}
              />
            </SectionCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <AssignmentPanel serviceRequest={request} />
            <SectionCard icon={IconArrowsExchange} title={t('status.title')}>
              <StatusChange serviceRequest={request} />
            </SectionCard>
            <SectionCard icon={IconUser} title={t('customer.title')}>
              <CustomerDetails customer={request.customer} />
            </SectionCard>
            <SectionCard icon={IconTractor} title={t('machine.title')}>
              <MachineDetails
                machine={request.machine}
                guarantee={<GuaranteeBadge machine={request.machine} />}
              />
            </SectionCard>
            <SectionCard
              icon={IconCalendarEvent}
              title={t('dates.title')}
              description={t('dates.description', { date: formatDate(request.reportDate) })}
            >
              <DatesForm serviceRequest={request} />
            </SectionCard>
            <SectionCard
              icon={IconClipboardText}
              title={t('findings.title')}
              description={t('findings.description')}
            >
              <FindingsForm serviceRequest={request} />
            </SectionCard>
            <SectionCard icon={IconHistory} title={t('history.title')}>
              <StatusHistory entries={request.statusHistory} />
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
