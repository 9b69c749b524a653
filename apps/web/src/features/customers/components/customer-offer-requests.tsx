import type { CustomerOfferRequest } from '@care/contract/customers';
import type { OfferRequestStatus } from '@care/contract/statuses';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTableFrame } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { StatusBadge, type StatusTone } from '#app/components/layout/status-badge.tsx';
import { formatDate } from '#app/lib/date-time.ts';

const TONES: Record<OfferRequestStatus, StatusTone> = {
  sent: 'new',
  in_progress: 'progress',
  quoted: 'done',
  closed: 'closed',
};

interface CustomerOfferRequestsProps {
  offers: readonly CustomerOfferRequest[];
  /** Where a number links to (the sales inbox's request screen), or null where the viewer may not open it. */
  linkTo: ((offer: CustomerOfferRequest) => string) | null;
}

/** The customer's offer requests, newest first; the labels are the offers' own (cart:offers.status). */
export function CustomerOfferRequests({ offers, linkTo }: CustomerOfferRequestsProps) {
  const { t } = useTranslation(['customers', 'cart']);
  const number = (o: CustomerOfferRequest) =>
    linkTo ? (
      <Anchor component={Link} to={linkTo(o)} fw={600}>
        {o.number}
      </Anchor>
    ) : (
      <Text size="sm" fw={600}>
        {o.number}
      </Text>
    );
  const status = (o: CustomerOfferRequest) => (
    <StatusBadge label={t(`cart:offers.status.${o.status}`)} tone={TONES[o.status]} />
  );
  const columns: Column<CustomerOfferRequest>[] = [
    { key: 'number', label: t('requests.number'), render: number },
    { key: 'date', nowrap: true, label: t('requests.created'), render: (o) => formatDate(o.createdAt) },
    { key: 'items', label: t('requests.items'), render: (o) => o.itemCount },
    { key: 'status', label: t('requests.status'), render: status },
  ];
  return (
    <DataTableFrame
      caption={t('requests.offer-title')}
      columns={columns}
      rows={offers}
      rowKey={(o) => o.id}
      minWidth={560}
      nested
      empty={<EmptyState icon={IconReceipt} title={t('requests.offer-empty')} size="sm" />}
      renderCard={(o) => (
        <Paper withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              {number(o)}
              {status(o)}
            </Group>
            <Text size="xs" c="dimmed">
              {formatDate(o.createdAt)} · {t('requests.item-count', { count: o.itemCount })}
            </Text>
          </Stack>
        </Paper>
      )}
    />
  );
}
