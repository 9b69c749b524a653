import type { StaffServiceRequest } from '@care/contract/staff';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';
import { formatDate } from '#app/lib/date-time.ts';

type Overview = Pick<StaffServiceRequest, 'status' | 'reportDate' | 'customer' | 'machine'>;

interface RequestOverviewProps {
  serviceRequest: Overview;
  /** The guarantee as the customer sees it (the machines feature's badge, composed by the route). */
  guarantee: ReactNode;
}

/** A labelled value of the overview: the label small above it, so three columns fit beside the conversation. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The top of the staff's request page: the request's status and day, who filed it and how to reach them, the
 * machine with its ERP status and guarantee — what every decision on the request starts from, in one glance.
 * The request's status and the machine's are labelled apart: both are "statuses" with similar words.
 */
export function RequestOverview({ serviceRequest, guarantee }: RequestOverviewProps) {
  const { t } = useTranslation(['staff', 'machines']);
  const headingId = useId();
  const { customer, machine } = serviceRequest;
  const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <VisuallyHidden>
        <Title order={2} id={headingId}>
          {t('request-page.overview')}
        </Title>
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" verticalSpacing="sm">
        <Stack gap={6}>
          <Fact label={t('status.request-status')}>
            <ServiceStatusBadge status={serviceRequest.status} wrap />
          </Fact>
          <Fact label={t('request-page.reported')}>{formatDate(serviceRequest.reportDate)}</Fact>
        </Stack>
        <Fact label={t('customer.title')}>
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <Anchor size="sm" href={`mailto:${customer.email}`} style={{ overflowWrap: 'anywhere' }}>
            {customer.email}
          </Anchor>
          {customer.phone ? (
            <div>
              <Anchor size="sm" href={`tel:${customer.phone}`}>
                {customer.phone}
              </Anchor>
            </div>
          ) : null}
        </Fact>
        <Stack gap={6}>
          <Fact label={t('machine.title')}>
            <Text size="sm" fw={600}>
              {machine.name}
            </Text>
            <Text size="sm" ff="monospace">
              {machine.serialNumber}
            </Text>
          </Fact>
          <Fact label={t('machine.status-erp')}>{t(`machines:status.${machine.status}`)}</Fact>
          <Group gap={6}>{guarantee}</Group>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
