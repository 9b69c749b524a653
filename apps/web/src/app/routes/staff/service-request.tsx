import type { ChatUnread } from '@care/contract/chat';
import {
  UPLOAD_CONTENT_TYPES,
  UPLOAD_DEFAULT_LIMITS,
  UPLOAD_EXTENSIONS,
  type UploadLimits,
} from '@care/contract/files';
import { Button, Paper, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import {
  IconArrowsExchange,
  IconCalendarEvent,
  IconClipboardText,
  IconFileDescription,
  IconHistory,
  IconMessages,
  IconPaperclip,
  IconPrinter,
  IconStar,
  IconTractor,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { ErrorPage } from '#app/components/feedback/error-page.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { paths } from '#app/config/paths.ts';
import { elementsQuery } from '#app/features/service-requests/api.ts';
import { AttachmentList } from '#app/features/service-requests/components/attachment-list.tsx';
import { EstimateHistory } from '#app/features/service-requests/components/estimate-history.tsx';
import { RatingView } from '#app/features/rating/components/rating-view.tsx';
import { unreadKeys } from '#app/features/service-requests/unread.ts';
import { staffKeys, staffServiceRequestQuery } from '#app/features/staff/api.ts';
import { AssignmentPanel } from '#app/features/staff/components/assignment-panel.tsx';
import { CustomerDetails } from '#app/features/staff/components/customer-details.tsx';
import { DatesForm } from '#app/features/staff/components/dates-form.tsx';
import { FindingsForm } from '#app/features/staff/components/findings-form.tsx';
import { GuaranteeBadge } from '#app/features/machines/components/guarantee-badge.tsx';
import { CorrectionHistory } from '#app/features/intake/components/correction-history.tsx';
import { IntakeActions } from '#app/features/intake/components/intake-actions.tsx';
import { RequestRecordPanel } from '#app/features/intake/components/request-record-panel.tsx';
import { AttachmentGallery } from '#app/features/workshop/components/attachment-gallery.tsx';
import { MachineDetails } from '#app/features/staff/components/machine-details.tsx';
import { RequestOverview } from '#app/features/staff/components/request-overview.tsx';
import { RequestSummary } from '#app/features/staff/components/request-summary.tsx';
import { StatusChange } from '#app/features/staff/components/status-change.tsx';
import { StatusHistory } from '#app/features/staff/components/status-history.tsx';
import { formatDate } from '#app/lib/date-time.ts';
import { queryClient } from '#app/lib/query-client.ts';
import { Conversation } from './service-request-conversation.tsx';
import classes from './service-request.module.css';

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

const CONVERSATION_ID = 'conversation';
const TABS = ['request', 'status', 'work', 'parties', 'history'] as const;
type Tab = (typeof TABS)[number];
const TAB_ICONS = {
  request: IconFileDescription,
  status: IconArrowsExchange,
  work: IconCalendarEvent,
  parties: IconUser,
  history: IconHistory,
} as const;

/**
 * /staff/service-requests/{id}: the overview (status, customer, machine, guarantee) and the work on the request in
 * tabs on the left, the conversation with the customer beside it (docs/decisions/060-staff-request-page.md).
 * Tabs keep their panels mounted: a half-typed note survives a look at the history.
 */
export function Component() {
  const { t } = useTranslation(['staff', 'services', 'workshop', 'rating']);
  const id = useParams().serviceRequestId ?? '';
  const { data: request } = useSuspenseQuery(staffServiceRequestQuery(id));
  // Until the server's limits arrive, the contract's defaults (the server checks every file anyway).
  const elements = useQuery(elementsQuery).data;
  const limits = elements?.uploadLimits ?? DEFAULT_LIMITS;
  // Intake (docs/decisions/064): its record and actions refresh with this page's query.
  const requestKey = staffKeys.request(id);
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('request');
  // Reading the chat changes the header's total and this request's count in the queue.
  const onUnread = (unread: ChatUnread) => {
    client.setQueryData(unreadKeys.all, unread);
    void client.invalidateQueries({ queryKey: staffKeys.queues() });
  };

  return (
    <div className={classes.layout}>
      <div>
        <PageHeader
          title={t('services:details.title', { code: request.code })}
          breadcrumbs={[{ label: t('queue.title'), to: paths.staff }, { label: request.code }]}
          actions={
            <>
              <Button
                component={Link}
                to={paths.staffJobSheet(request.id)}
                variant="default"
                leftSection={<IconPrinter size={18} aria-hidden />}
              >
                {t('workshop:job-sheet.open')}
              </Button>
              <Button
                component="a"
                href={`#${CONVERSATION_ID}`}
                hiddenFrom="lg"
                variant="light"
                leftSection={<IconMessages size={18} aria-hidden />}
              >
                {t('request-page.conversation')}
              </Button>
            </>
          }
        />
        <Stack gap="md">
          <RequestOverview
            serviceRequest={request}
            guarantee={<GuaranteeBadge machine={request.machine} />}
          />
          <RequestRecordPanel
            requestKey={requestKey}
            id={request.id}
            linkTo={paths.staffServiceRequest}
            audience="staff"
          />
          <Tabs
            value={tab}
            onChange={(value) => setTab((value as Tab | null) ?? 'request')}
            classNames={{ tab: classes.tab }}
          >
            <Tabs.List aria-label={t('request-page.sections')}>
              {TABS.map((value) => {
                const Icon = TAB_ICONS[value];
                return (
                  <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                    {t(`request-page.tabs.${value}`)}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            <Tabs.Panel value="request" pt="md">
              <Stack gap="md">
                <AssignmentPanel serviceRequest={request} />
                {request.rating ? (
                  <SectionCard icon={IconStar} title={t('rating:staff-title')}>
                    <RatingView rating={request.rating} />
                  </SectionCard>
                ) : null}
                <SectionCard icon={IconFileDescription} title={t('services:details.summary')}>
                  <RequestSummary serviceRequest={request} />
                </SectionCard>
                <SectionCard icon={IconPaperclip} title={t('services:attachments.title')}>
                  <Stack gap="md">
                    <AttachmentGallery requestId={request.id} attachments={request.attachments} />
                    <AttachmentList requestId={request.id} attachments={request.attachments} />
                  </Stack>
                </SectionCard>
                <IntakeActions
                  request={{
                    id: request.id,
                    code: request.code,
                    status: request.status,
                    customerId: request.customer.id,
                    machineId: request.machine.id,
                    transportType: request.transportType?.code ?? null,
                    deliveryPlace: request.deliveryPlace?.code ?? null,
                  }}
                  requestKey={requestKey}
                  transportTypes={elements?.transportTypes ?? []}
                  deliveryPlaces={elements?.deliveryPlaces ?? []}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="status" pt="md">
              <SectionCard icon={IconArrowsExchange} title={t('status.title')}>
                <StatusChange serviceRequest={request} />
              </SectionCard>
            </Tabs.Panel>
            <Tabs.Panel value="work" pt="md">
              <Stack gap="md">
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
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="parties" pt="md">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <SectionCard icon={IconUser} title={t('customer.title')}>
                  <CustomerDetails customer={request.customer} />
                </SectionCard>
                <SectionCard icon={IconTractor} title={t('machine.title')}>
                  <MachineDetails
                    machine={request.machine}
                    guarantee={<GuaranteeBadge machine={request.machine} />}
                  />
                </SectionCard>
              </SimpleGrid>
            </Tabs.Panel>
            <Tabs.Panel value="history" pt="md">
              <Stack gap="md">
                <SectionCard icon={IconHistory} title={t('history.title')}>
                  <Stack gap="lg">
                    <StatusHistory entries={request.statusHistory} />
                    <EstimateHistory entries={request.estimateHistory} />
                  </Stack>
                </SectionCard>
                <CorrectionHistory requestKey={requestKey} id={request.id} />
              </Stack>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </div>
      <Conversation
        id={CONVERSATION_ID}
        serviceRequestId={request.id}
        limits={limits}
        onUnread={onUnread}
        customerLanguage={request.customer.language}
      />
    </div>
  );
}
