import type { OfferRequestListItem } from '@care/contract/offers';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTableFrame } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { formatDateTime } from '#app/lib/date-time.ts';
import { OfferStatusBadge } from './offer-status-badge.tsx';

export interface OfferRow extends OfferRequestListItem {
  customer?: { name: string; email: string };
}

interface OfferRequestsTableProps<Row extends OfferRow> {
  caption: string;
  rows: readonly Row[];
  /** Where a row's number links to. */
  linkTo: (row: Row) => string;
  /** The sales inbox shows who sent each request. */
  withCustomer?: boolean;
  emptyTitle: string;
  emptyDescription?: string;
  emptyAction?: ReactNode;
}

/** Offer requests, newest first: number (a link), date, status, number of parts (and the customer for sales). */
export function OfferRequestsTable<Row extends OfferRow>({
  caption,
  rows,
  linkTo,
  withCustomer = false,
  emptyTitle,
  emptyDescription,
  emptyAction,
}: OfferRequestsTableProps<Row>) {
  const { t } = useTranslation('cart');
  const number = (row: Row) => (
    <Anchor component={Link} to={linkTo(row)} fw={600}>
      {row.number}
    </Anchor>
  );
  const columns: Column<Row>[] = [
    { key: 'number', label: t('offers.fields.number'), render: number },
    {
      key: 'createdAt',
      label: t('offers.fields.created-at'),
      render: (row) => formatDateTime(row.createdAt),
    },
    ...(withCustomer
      ? [
          {
            key: 'customer',
            label: t('offers.fields.customer'),
            render: (row: Row) => (
              <div>
                <Text size="sm">{row.customer?.name}</Text>
                <Text size="xs" c="dimmed">
                  {row.customer?.email}
                </Text>
              </div>
            ),
          },
        ]
      : []),
    {
      key: 'status',
      label: t('offers.fields.status'),
      render: (row) => <OfferStatusBadge status={row.status} />,
    },
    {
      key: 'itemCount',
      label: t('offers.fields.item-count'),
      render: (row) => t('offers.item-count', { count: row.itemCount }),
    },
    {
      key: 'statusChangedAt',
      label: t('offers.fields.status-changed-at'),
      render: (row) => formatDateTime(row.statusChangedAt),
    },
  ];

  return (
    <DataTableFrame
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      minWidth={withCustomer ? 860 : 640}
      empty={
        <EmptyState icon={IconReceipt} title={emptyTitle} description={emptyDescription}>
          {emptyAction}
        </EmptyState>
      }
      renderCard={(row) => (
        <Paper withBorder radius="md" p="md">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              {number(row)}
              <OfferStatusBadge status={row.status} />
            </Group>
            {row.customer ? <Text size="sm">{row.customer.name}</Text> : null}
            <Text size="sm" c="dimmed">
              {formatDateTime(row.createdAt)} · {t('offers.item-count', { count: row.itemCount })}
            </Text>
          </Stack>
        </Paper>
      )}
    />
  );
}
