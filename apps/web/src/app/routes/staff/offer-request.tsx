import { Anchor, Grid, Paper, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  IconArrowsExchange,
  IconHistory,
  IconInfoCircle,
  IconPackage,
  IconPaperclip,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { ErrorPage } from '#app/components/feedback/error-page.tsx';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { paths } from '#app/config/paths.ts';
import { staffOfferAttachmentPath, staffOfferRequestQuery } from '#app/features/offers/api.ts';
import { OfferAttachments } from '#app/features/offers/components/offer-attachments.tsx';
import { OfferRequestHistory } from '#app/features/offers/components/offer-request-history.tsx';
import { OfferRequestItems } from '#app/features/offers/components/offer-request-items.tsx';
import { OfferStatusActions } from '#app/features/offers/components/offer-status-actions.tsx';
import { OfferStatusBadge } from '#app/features/offers/components/offer-status-badge.tsx';
import { formatDateTime } from '#app/lib/date-time.ts';
import { queryClient } from '#app/lib/query-client.ts';

export const loader = ({ params }: LoaderFunctionArgs) =>
  queryClient.ensureQueryData(staffOfferRequestQuery(params.offerRequestId ?? ''));

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
      <ErrorPage embedded />
    </Paper>
  );
}

/** One offer request for parts sales: who sent it and how to reach them, the parts, the note, the status. */
export function Component() {
  const { t } = useTranslation(['staff', 'cart']);
  const { offerRequestId = '' } = useParams();
  const { data: offer } = useSuspenseQuery(staffOfferRequestQuery(offerRequestId));
  const { customer } = offer;

  return (
    <>
      <PageHeader
        title={t('cart:offers.detail.title', { number: offer.number })}
        breadcrumbs={[
          { label: t('staff:offers.title'), to: paths.staffOfferRequests },
          { label: offer.number },
        ]}
        badge={<OfferStatusBadge status={offer.status} />}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <SectionCard title={t('cart:offers.items-title')} icon={IconPackage}>
              <OfferRequestItems items={offer.items} />
            </SectionCard>
            <SectionCard title={t('cart:offers.fields.note')} icon={IconInfoCircle}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {offer.note ?? t('staff:offers.no-note')}
              </Text>
            </SectionCard>
            <SectionCard title={t('cart:offers.attachments-title')} icon={IconPaperclip}>
              <OfferAttachments
                attachments={offer.attachments}
                pathOf={(fileId) => staffOfferAttachmentPath(offer.id, fileId)}
              />
            </SectionCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <SectionCard title={t('staff:offers.status.title')} icon={IconArrowsExchange}>
              <OfferStatusActions id={offer.id} status={offer.status} />
            </SectionCard>
            <SectionCard title={t('staff:offers.customer')} icon={IconUser}>
              <FieldList
                orientation="vertical"
                fields={[
                  { label: t('staff:offers.customer-name'), value: customer.name },
                  {
                    label: t('staff:offers.customer-email'),
                    value: (
                      <Anchor
                        href={`mailto:${customer.email}?subject=${encodeURIComponent(offer.number)}`}
                        size="sm"
                      >
                        {customer.email}
                      </Anchor>
                    ),
                  },
                  {
                    label: t('staff:offers.customer-phone'),
                    value: customer.phone ? (
                      <Anchor href={`tel:${customer.phone}`} size="sm">
                        {customer.phone}
                      </Anchor>
                    ) : (
                      '—'
                    ),
                  },
                  { label: t('staff:offers.language'), value: offer.language.toUpperCase() },
                  { label: t('cart:offers.fields.created-at'), value: formatDateTime(offer.createdAt) },
                ]}
              />
            </SectionCard>
            <SectionCard title={t('cart:offers.history-title')} icon={IconHistory}>
              <OfferRequestHistory history={offer.history} />
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
