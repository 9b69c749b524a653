import { CUSTOMER_STATUSES, type CustomerStatus } from '@care/contract/customers';
import { Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router';
import { ListLoadError } from '#app/components/data-table/list-load-error.tsx';
import { TablePagination } from '#app/components/data-table/table-pagination.tsx';
import { pageParamsOf, usePageParams } from '#app/components/data-table/use-page-params.ts';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SearchField } from '#app/components/layout/search-field.tsx';
import { paths } from '#app/config/paths.ts';
import { customerListQuery, type CustomerListParams } from '#app/features/customers/api.ts';
import { CustomerStatusFilter } from '#app/features/customers/components/customer-status-filter.tsx';
import { CustomersTable } from '#app/features/customers/components/customers-table.tsx';
import { queryClient } from '#app/lib/query-client.ts';

/** `?status=pending,deactivated`: known codes only, in their usual order. */
function statusesOf(params: URLSearchParams): CustomerStatus[] {
  const asked = (params.get('status') ?? '').split(',');
  return CUSTOMER_STATUSES.filter((status) => asked.includes(status));
}

function listParams(params: URLSearchParams): CustomerListParams {
  const status = statusesOf(params);
  const q = params.get('q')?.trim() ?? '';
  return { ...pageParamsOf(params), ...(q ? { q } : {}), ...(status.length > 0 ? { status } : {}) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await queryClient.prefetchQuery(customerListQuery(listParams(new URL(request.url).searchParams)));
  return null;
}

/** Another page, search or filter is fetched by the screen's query (keeping the last page shown). */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

/** /staff/customers: search by name, e-mail, phone or serial number, filter by status, newest account first. */
export function Component() {
  const { t } = useTranslation('customers');
  const [params, setParams] = useSearchParams();
  const { page, pageSize, setPage, setPageSize } = usePageParams();
  const current = listParams(params);
  const list = useQuery(customerListQuery(current));

  const change = (key: 'q' | 'status', value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('page');
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key === 'status' },
    );

  return (
    <>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <Stack gap="md" mb="md">
        <SearchField
          label={t('list.search')}
          placeholder={t('list.search-placeholder')}
          initialValue={current.q ?? ''}
          onSearch={(q) => change('q', q)}
        />
        <Group>
          <CustomerStatusFilter
            value={current.status ?? []}
            onChange={(next) => change('status', next.join(','))}
          />
        </Group>
      </Stack>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError && !list.data ? (
        <ListLoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <>
          <CustomersTable
            rows={list.data.items}
            linkTo={(row) => paths.staffCustomer(row.id)}
            emptyTitle={current.q || current.status ? t('list.empty-filtered') : t('list.empty')}
          />
          {list.data.total > 0 ? (
            <TablePagination
              page={page}
              pageSize={pageSize}
              total={list.data.total}
              onPageChange={setPage}
              onPageSizeChange={setPageSize}
              {...(list.data.totalCapped
                ? {
                    // More than the counted limit: "1000+", and the next page whenever this one is full.
                    summary: t('list.capped', { limit: list.data.total }),
                    pageCount: Math.max(
                      Math.ceil(list.data.total / pageSize),
                      list.data.items.length === pageSize ? page + 1 : page,
                    ),
                  }
                : {})}
            />
          ) : null}
        </>
      )}
    </>
  );
}
