import { Alert, Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconChevronRight, IconChevronsLeft, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { type AuditParams, auditPageQuery, auditParamsOf, auditSearchOf } from '#app/features/audit/api.ts';
import { AuditFilterBar } from '#app/features/audit/components/audit-filters.tsx';
import { AuditTable } from '#app/features/audit/components/audit-table.tsx';
import { queryClient } from '#app/lib/query-client.ts';

/** The first page starts loading with the route (the admin middleware has checked the role by then). */
export function loader({ request }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(auditPageQuery(auditParamsOf(new URL(request.url).searchParams)));
  return null;
}

/**
 * /staff/admin/audit: who changed what, newest first. Keyset pages: "Older entries" follows the cursor (a new
 * history entry, so the back button returns to the newer page); "Newest" starts again at the top.
 */
export function Component() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useSearchParams();
  const params = auditParamsOf(search);
  const page = useQuery(auditPageQuery(params));

  const go = (next: Partial<AuditParams>, replace: boolean) => setSearch(auditSearchOf(next), { replace });

  return (
    <>
      <PageHeader title={t('audit.title')} description={t('audit.intro')} />
      <AuditFilterBar
        params={params}
        onChange={(filters) => go({ ...params, ...filters, cursor: undefined }, true)}
        onClear={() => go({}, true)}
      />
      {page.data ? (
        <Stack gap="sm">
          <AuditTable entries={page.data.entries} busy={page.isPlaceholderData} />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              leftSection={<IconChevronsLeft size={18} aria-hidden />}
              disabled={!params.cursor}
              onClick={() => go({ ...params, cursor: undefined }, false)}
            >
              {t('audit.paging.newest')}
            </Button>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={18} aria-hidden />}
              disabled={!page.data.nextCursor}
              onClick={() => go({ ...params, cursor: page.data.nextCursor ?? undefined }, false)}
            >
              {t('audit.paging.older')}
            </Button>
          </Group>
        </Stack>
      ) : page.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <span role="alert">{t('audit.load-error')}</span>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void page.refetch()}
            >
              {t('audit.try-again')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <LoadingState />
      )}
    </>
  );
}
