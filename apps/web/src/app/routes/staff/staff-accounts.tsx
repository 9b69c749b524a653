import type { FieldError } from '@care/contract/errors';
import { Alert, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconRefresh, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { TablePagination } from '#app/components/data-table/table-pagination.tsx';
import { AppModal } from '#app/components/layout/app-modal.tsx';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import {
  type StaffAccountParams,
  staffAccountsQuery,
  useCreateStaffAccount,
} from '#app/features/staff-accounts/api.ts';
import { CreateStaffAccountForm } from '#app/features/staff-accounts/components/create-staff-account-form.tsx';
import { StaffAccountFilters } from '#app/features/staff-accounts/components/staff-account-filters.tsx';
import { StaffAccountsTable } from '#app/features/staff-accounts/components/staff-accounts-table.tsx';
import { staffAccountParamsOf, staffAccountSearchOf } from '#app/features/staff-accounts/params.ts';
import { fieldErrorsOf } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { queryClient } from '#app/lib/query-client.ts';

export function loader({ request }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(staffAccountsQuery(staffAccountParamsOf(new URL(request.url).searchParams)));
  return null;
}

/** /staff/admin/staff: the maker's staff accounts, and a new one with an e-mailed set-password link. */
export function Component() {
  const { t } = useTranslation(['staff-accounts', 'common', 'errors']);
  const [search, setSearch] = useSearchParams();
  const params = staffAccountParamsOf(search);
  const list = useQuery(staffAccountsQuery(params));
  const create = useCreateStaffAccount();
  const [creating, setCreating] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);

  const go = (next: StaffAccountParams, replace: boolean) =>
    setSearch(staffAccountSearchOf(next), { replace });
  const close = () => {
    setCreating(false);
    setFieldErrors([]);
  };

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
            {t('create.open')}
          </Button>
        }
      />
      <StaffAccountFilters
        params={params}
        onChange={(filters) => go({ ...params, ...filters, page: 1 }, true)}
      />
      {list.data ? (
        <>
          <StaffAccountsTable rows={list.data.items} busy={list.isPlaceholderData} />
          <TablePagination
            page={params.page}
            pageSize={params.pageSize}
            total={list.data.total}
            onPageChange={(page) => go({ ...params, page }, false)}
            onPageSizeChange={(pageSize) => go({ ...params, pageSize, page: 1 }, true)}
          />
        </>
      ) : list.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <span role="alert">{t('list.load-error')}</span>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void list.refetch()}
            >
              {t('list.try-again')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <LoadingState />
      )}
      <AppModal
        opened={creating}
        onClose={close}
        title={t('create.title')}
        closeLabel={t('common:actions.close')}
        size="lg"
      >
        <CreateStaffAccountForm
          pending={create.isPending}
          serverErrors={fieldErrors}
          onCancel={close}
          onSubmit={(data) => {
            setFieldErrors([]);
            create.mutate(data, {
              onSuccess: (account) => {
                notify('SUCCESS', { message: t('done.created', { email: account.email }) });
                close();
              },
              onError: (error) => {
                const fields = fieldErrorsOf(error);
                setFieldErrors(fields);
                if (fields.length === 0)
                  notify('ERROR', { message: error.message || t('errors:unexpected') });
              },
            });
          }}
        />
      </AppModal>
    </>
  );
}
