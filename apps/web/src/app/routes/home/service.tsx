import type { ChatUnread } from '@care/contract/chat';
import { UPLOAD_CONTENT_TYPES, UPLOAD_DEFAULT_LIMITS, UPLOAD_EXTENSIONS } from '@care/contract/files';
import { Box, Button, Divider, Grid, Paper, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import {
  IconFileDescription,
  IconHistory,
  IconInfoCircle,
  IconMessages,
  IconPaperclip,
  IconStar,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { ErrorPage } from '#app/components/feedback/error-page.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { paths } from '#app/config/paths.ts';
import { chatLogQuery } from '#app/features/chat/api.ts';
import { ChatPanel } from '#app/features/chat/components/chat-panel.tsx';
import { machineKeys } from '#app/features/machines/api.ts';
import { CorrectionHistory } from '#app/features/intake/components/correction-history.tsx';
import { RequestRecordPanel } from '#app/features/intake/components/request-record-panel.tsx';
import {
  elementsQuery,
  serviceRequestKeys,
  serviceRequestQuery,
  useWithdrawServiceRequest,
} from '#app/features/service-requests/api.ts';
import { RequestRating } from '#app/features/rating/components/request-rating.tsx';
import { EstimateHistory } from '#app/features/service-requests/components/estimate-history.tsx';
import { AttachmentList } from '#app/features/service-requests/components/attachment-list.tsx';
import { AttachmentGallery } from '#app/features/workshop/components/attachment-gallery.tsx';
import { RequestDescription } from '#app/features/service-requests/components/request-description.tsx';
import { RequestSummary } from '#app/features/service-requests/components/request-summary.tsx';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';
import { StatusHistory } from '#app/features/service-requests/components/status-history.tsx';
import { WithdrawRequest } from '#app/features/service-requests/components/withdraw-request.tsx';
import { unreadKeys } from '#app/features/service-requests/unread.ts';
import { notify } from '#app/lib/notify.ts';
import { queryClient } from '#app/lib/query-client.ts';
import { ServiceAppendices } from './service-appendices.tsx';

/** The server's defaults, for the moment the form choices (which carry the current limits) are not there. */
const DEFAULT_LIMITS = {
  ...UPLOAD_DEFAULT_LIMITS,
  contentTypes: UPLOAD_CONTENT_TYPES,
  extensions: UPLOAD_EXTENSIONS,
};

/**
 * SPEC §2: the request is preloaded; a failure shows the 'service-load-error' page instead. The chat's newest
 * page and the upload limits load alongside; neither failing stops the page.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.serviceId ?? '';
  void queryClient.prefetchQuery(chatLogQuery(id));
  void queryClient.prefetchQuery(elementsQuery);
  return queryClient.ensureQueryData(serviceRequestQuery(id));
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

const CHAT_ID = 'chat';

/**
 * SPEC §2 /home/services/edit/{serviceId}: the request's details, status history, attachments (with appendices)
 * and chat. Status changes and new messages arrive through the events stream (routes/home/layout.tsx).
 */
export function Component() {
  const { t } = useTranslation(['services', 'rating']);
  const { serviceId = '' } = useParams();
  const { data: request } = useSuspenseQuery(serviceRequestQuery(serviceId));
  const limits = useQuery(elementsQuery).data?.uploadLimits ?? DEFAULT_LIMITS;
  const client = useQueryClient();
  const onUnread = (unread: ChatUnread) => client.setQueryData(unreadKeys.all, unread);
  const withdraw = useWithdrawServiceRequest(request.id);
  const onWithdraw = (done: () => void) =>
    withdraw.mutate(undefined, {
      onSuccess: () => {
        done();
        void client.invalidateQueries({ queryKey: machineKeys.details() });
        notify('SUCCESS', { title: t('withdraw.button'), message: t('withdraw.success') });
      },
      onError: (error) => notify('ERROR', { title: t('withdraw.error'), message: error.message }),
    });
  // A live region: a status changed by the service team is announced without a reload.
  const status = (
    <Box component="span" role="status" aria-label={t('details.status-label')}>
      <ServiceStatusBadge status={request.status} />
    </Box>
  );

  return (
    <>
      <PageHeader
        title={t('details.title', { code: request.code })}
        breadcrumbs={[{ label: t('list.title'), to: paths.services }, { label: request.code }]}
        badge={status}
        actions={
          <>
            <Button
              component="a"
              href={`#${CHAT_ID}`}
              variant="light"
              h={40}
              hiddenFrom="lg"
              leftSection={<IconMessages size={18} aria-hidden />}
            >
              {t('details.go-to-chat')}
            </Button>
            {request.status === 'N' ? (
              <WithdrawRequest code={request.code} onConfirm={onWithdraw} pending={withdraw.isPending} />
            ) : null}
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            {/* Filed by the service desk, duplicate links (docs/decisions/064); refreshed with this page. */}
            <RequestRecordPanel
              requestKey={serviceRequestKeys.detail(request.id)}
              id={request.id}
              linkTo={paths.service}
              audience="customer"
            />
            {request.rating || request.canRate ? (
              <SectionCard
                icon={IconStar}
                title={t(request.rating ? 'rating:rated-title' : 'rating:title')}
                description={request.rating ? undefined : t('rating:description')}
              >
                <RequestRating
                  request={request}
                  onRated={() =>
                    client.invalidateQueries({ queryKey: serviceRequestKeys.detail(request.id) })
                  }
                />
              </SectionCard>
            ) : null}
            <SectionCard icon={IconInfoCircle} title={t('details.summary')}>
              <RequestSummary request={request} status={<ServiceStatusBadge status={request.status} />} />
            </SectionCard>
            <SectionCard icon={IconFileDescription} title={t('details.description')}>
              <RequestDescription request={request} />
            </SectionCard>
            <SectionCard icon={IconPaperclip} title={t('attachments.title')}>
              <Stack gap="md">
                <AttachmentGallery requestId={request.id} attachments={request.attachments} />
                <AttachmentList requestId={request.id} attachments={request.attachments} />
                <Divider />
                <Title order={3} fz="md">
                  {t('attachments.add-title')}
                </Title>
                <ServiceAppendices request={request} limits={limits} />
              </Stack>
            </SectionCard>
            <SectionCard icon={IconHistory} title={t('details.history')}>
              <Stack gap="lg">
                <StatusHistory entries={request.statusHistory} />
                <EstimateHistory entries={request.estimateHistory} />
              </Stack>
            </SectionCard>
            <CorrectionHistory requestKey={serviceRequestKeys.detail(request.id)} id={request.id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {/* On wide screens the chat stays in view while the details scroll past. */}
          <Box id={CHAT_ID} pos={{ base: 'static', lg: 'sticky' }} top={76} style={{ scrollMarginTop: 76 }}>
            <SectionCard icon={IconMessages} title={t('chat.title')} description={t('chat.description')}>
              <ChatPanel serviceRequestId={request.id} limits={limits} onUnread={onUnread} />
            </SectionCard>
          </Box>
        </Grid.Col>
      </Grid>
    </>
  );
}
