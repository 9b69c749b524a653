import { Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  IconHistory,
  IconInfoCircle,
  IconPackage,
  IconPaperclip,
  IconShoppingCartPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { ErrorPage } from '#app/components/feedback/error-page.tsx';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { paths } from '#app/config/paths.ts';
import { offerAttachmentPath, offerRequestQuery } from '#app/features/offers/api.ts';
import { OfferAttachments } from '#app/features/offers/components/offer-attachments.tsx';
import { OfferRequestHistory } from '#app/features/offers/components/offer-request-history.tsx';
import { OfferRequestItems } from '#app/features/offers/components/offer-request-items.tsx';
import { OfferStatusBadge } from '#app/features/offers/components/offer-status-badge.tsx';
import { formatDateTime } from '#app/lib/date-time.ts';
import { queryClient } from '#app/lib/query-client.ts';
import { useRequestAgain } from './offer-requests-again.ts';

export const loader = ({ params }: LoaderFunctionArgs) =>
  queryClient.ensureQueryData(offerRequestQuery(params.offerRequestId ?? ''));

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

/** One of the customer's offer requests: the parts as sent, the note, where it stands; and 'request again'. */
export function Component() {
  const { t } = useTranslation('cart');
  const { offerRequestId = '' } = useParams();
  const { data: offer } = useSuspenseQuery(offerRequestQuery(offerRequestId));
  const requestAgain = useRequestAgain();

  return (
    <>
      <PageHeader
        title={t('offers.detail.title', { number: offer.number })}
        breadcrumbs={[{ label: t('offers.list.title'), to: paths.offerRequests }, { label: offer.number }]}
        badge={<OfferStatusBadge status={offer.status} />}
        actions={
          <Button
            h={40}
            leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
            onClick={() => requestAgain(offer.items)}
            disabled={offer.items.length === 0}
          >
            {t('offers.again.button')}
          </Button>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <SectionCard title={t('offers.items-title')} icon={IconPackage}>
            <OfferRequestItems items={offer.items} />
          </SectionCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <SectionCard title={t('offers.detail.summary')} icon={IconInfoCircle}>
              <FieldList
                orientation="vertical"
                fields={[
                  { label: t('offers.fields.created-at'), value: formatDateTime(offer.createdAt) },
                  {
                    label: t('offers.fields.item-count'),
                    value: t('offers.item-count', { count: offer.itemCount }),
                  },
                  {
                    label: t('offers.fields.note'),
                    value: offer.note ? (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {offer.note}
                      </Text>
                    ) : (
                      '—'
                    ),
                  },
                ]}
              />
            </SectionCard>
            {offer.attachments.length > 0 ? (
              <SectionCard title={t('offers.attachments-title')} icon={IconPaperclip}>
                <OfferAttachments
                  attachments={offer.attachments}
                  pathOf={(fileId) => offerAttachmentPath(offer.id, fileId)}
                />
              </SectionCard>
            ) : null}
            <SectionCard title={t('offers.history-title')} icon={IconHistory}>
              <OfferRequestHistory history={offer.history} />
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
