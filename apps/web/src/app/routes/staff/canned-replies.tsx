import type { CannedReply } from '@care/contract/canned-replies';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconPlus, IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '#app/components/layout/app-modal.tsx';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import {
  cannedRepliesQuery,
  useRemoveCannedReply,
  useSaveCannedReply,
} from '#app/features/canned-replies/api.ts';
import { CannedRepliesTable } from '#app/features/canned-replies/components/canned-replies-table.tsx';
import { CannedReplyForm } from '#app/features/canned-replies/components/canned-reply-form.tsx';
import { matchingReplies } from '#app/features/canned-replies/search.ts';
import { queryClient } from '#app/lib/query-client.ts';
import { notify } from '#app/lib/notify.ts';

export async function loader() {
  void queryClient.prefetchQuery(cannedRepliesQuery);
  return null;
}

/** /staff/canned-replies (issue 18): the service department's shared reply texts, searched, added, changed. */
export function Component() {
  const { t } = useTranslation(['staff', 'common', 'errors']);
  const replies = useQuery(cannedRepliesQuery);
  const save = useSaveCannedReply();
  const remove = useRemoveCannedReply();
  const [search, setSearch] = useState('');
  /** The reply being edited: null for a new one, undefined when the form is closed. */
  const [editing, setEditing] = useState<CannedReply | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  const all = replies.data?.replies ?? [];
  const shown = matchingReplies(all, search);
  const closeForm = () => setEditing(undefined);

  return (
    <>
      <PageHeader
        title={t('canned.title')}
        description={t('canned.intro')}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing(null)}>
            {t('canned.add')}
          </Button>
        }
      />
      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <TextInput
              aria-label={t('canned.search')}
              placeholder={t('canned.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={{ base: '100%', xs: 320 }}
              type="search"
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('canned.count', { count: shown.length })}
            </Text>
          </Group>
          {replies.data ? (
            shown.length > 0 ? (
              <CannedRepliesTable replies={shown} onEdit={setEditing} onDelete={setDeleting} />
            ) : (
              <Text c="dimmed" size="sm" py="md" ta="center">
                {all.length === 0 ? t('canned.empty') : t('canned.no-match', { q: search })}
              </Text>
            )
          ) : replies.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              <Group justify="space-between">
                <span role="alert">{t('canned.load-error')}</span>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  onClick={() => void replies.refetch()}
                >
                  {t('canned.try-again')}
                </Button>
              </Group>
            </Alert>
          ) : (
            <LoadingState />
          )}
        </Stack>
      </Paper>
      <AppModal
        opened={editing !== undefined}
        onClose={closeForm}
        title={t(editing ? 'canned.edit-title' : 'canned.new-title')}
        closeLabel={t('common:actions.close')}
        size="lg"
      >
        {editing !== undefined ? (
          <CannedReplyForm
            reply={editing}
            pending={save.isPending}
            onCancel={closeForm}
            onSubmit={(body) =>
              save.mutate(
                { id: editing?.id ?? null, body },
                {
                  onSuccess: () => {
                    notify('SUCCESS', { message: t('canned.saved') });
                    closeForm();
                  },
                  onError: (error) => notify('ERROR', { message: error.message || t('canned.save-error') }),
                },
              )
            }
          />
        ) : null}
      </AppModal>
      <AppModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('canned.delete-title')}
        closeLabel={t('common:actions.close')}
      >
        <Stack gap="md">
          <Text size="sm">{t('canned.delete-confirm', { title: deleting?.title ?? '' })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)} data-autofocus>
              {t('canned.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    notify('SUCCESS', { message: t('canned.deleted') });
                    setDeleting(null);
                  },
                  onError: (error) => notify('ERROR', { message: error.message || t('canned.delete-error') }),
                })
              }
            >
              {t('canned.delete')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
