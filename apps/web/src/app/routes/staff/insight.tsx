import '@mantine/charts/styles.css';
import { isOfferStaffRole } from '@care/contract/roles';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListLoadError } from '#app/components/data-table/list-load-error.tsx';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { insightQuery } from '#app/features/insight/api.ts';
import { Models } from '#app/features/insight/components/models.tsx';
import { Offers } from '#app/features/insight/components/offers.tsx';
import { OldestOpen } from '#app/features/insight/components/oldest-open.tsx';
import { OpenByStatus } from '#app/features/insight/components/open-by-status.tsx';
import { ResponseTimes } from '#app/features/insight/components/response-times.tsx';
import { ServiceTimesMet } from '#app/features/insight/components/service-times-met.tsx';
import { WeeklyFlow } from '#app/features/insight/components/weekly-flow.tsx';
import { formatDateTime } from '#app/lib/date-time.ts';
import { queryClient } from '#app/lib/query-client.ts';

export async function loader() {
  await queryClient.prefetchQuery(insightQuery);
  return null;
}

/** The insight dashboard (issue 15): how the service is doing, every figure a link into the filtered queue. */
export function Component() {
  const { t } = useTranslation('insight');
  const role = useAuthStore((state) => state.user?.role);
  const insight = useQuery(insightQuery);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {insight.isPending ? (
        <LoadingState />
      ) : insight.isError && !insight.data ? (
        <ListLoadError onRetry={() => void insight.refetch()} retrying={insight.isFetching} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" mt={-8}>
            {t('counted-at', { time: formatDateTime(insight.data.generatedAt) })}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <OpenByStatus insight={insight.data} />
            <OldestOpen insight={insight.data} />
          </SimpleGrid>
          <WeeklyFlow insight={insight.data} />
          <ResponseTimes insight={insight.data} />
          <ServiceTimesMet insight={insight.data} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Models insight={insight.data} />
            <Offers insight={insight.data} canOpenInbox={role ? isOfferStaffRole(role) : false} />
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
