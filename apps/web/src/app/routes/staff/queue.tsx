import { Alert, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconPhonePlus, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { paths } from '#app/config/paths.ts';
import { staffQueueQuery, type StaffQueueParams } from '#app/features/staff/api.ts';
import { QueueFilterBar } from '#app/features/staff/components/queue-filters.tsx';
import { QueuePagination } from '#app/features/staff/components/queue-pagination.tsx';
import { QueueTable } from '#app/features/staff/components/queue-table.tsx';
import { QueueViews } from '#app/features/staff/components/queue-views.tsx';
import {
  queueParamsOf,
  queueSearchOf,
  withFilters,
  withoutFilters,
} from '#app/features/staff/queue-params.ts';
import { queryClient } from '#app/lib/query-client.ts';

/** The first page starts loading with the route (the middleware has checked the role by then). */
export function loader({ request }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(staffQueueQuery(queueParamsOf(new URL(request.url).searchParams)));
  return null;
}

/** /staff: every customer's service requests, filtered, sorted and paged on the server; live through events. */
export function Component() {
  const { t } = useTranslation(['staff', 'intake']);
  const [search, setSearch] = useSearchParams();
  const params = queueParamsOf(search);
  const queue = useQuery(staffQueueQuery(params));

  // A new filter replaces the address (no history entry per keystroke); a new page adds one.
  const go = (next: StaffQueueParams, replace: boolean) => setSearch(queueSearchOf(next), { replace });

  return (
    <>
      <PageHeader
        title={t('queue.title')}
        description={t('queue.description')}
        // The views beside the title, not in a row of their own: about 15 requests fit a 1440 × 900 screen.
        actions={
          <>
            <QueueViews view={params.view} onChange={(view) => go(withFilters(params, { view }), true)} />
            {/* A request for a customer who phoned (docs/decisions/064). */}
            <Button
              component={Link}
              to={paths.staffNewServiceRequest}
              h={36}
              leftSection={<IconPhonePlus size={18} aria-hidden />}
            >
              {t('intake:new.button')}
            </Button>
          </>
        }
      />
      <QueueFilterBar
        params={params}
        onChange={(filters) => go(withFilters(params, filters), true)}
        onClear={() => go(withoutFilters(params), true)}
      />
      {queue.data ? (
        <>
          <QueueTable
            rows={queue.data.items}
            busy={queue.isPlaceholderData}
            sort={params}
            onSort={(sort) => go(withFilters(params, sort), true)}
          />
          <QueuePagination
            page={params.page}
            pageSize={params.pageSize}
            total={queue.data.total}
            totalCapped={queue.data.totalCapped}
            fullPage={queue.data.items.length === params.pageSize}
            onPageChange={(page) => go({ ...params, page }, false)}
            onPageSizeChange={(pageSize) => go({ ...params, pageSize, page: 1 }, true)}
          />
        </>
      ) : queue.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <span role="alert">{t('queue.load-error')}</span>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void queue.refetch()}
            >
              {t('queue.try-again')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <LoadingState />
      )}
    </>
  );
}
