import type { Attachment } from '@care/contract/service-requests';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTableFrame } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { apiUrl } from '#app/config/runtime-config.ts';
import { formatDateTime } from '#app/lib/date-time.ts';
import { formatFileSize } from '#app/lib/upload.ts';
import { attachmentPath } from '../api.ts';

/** The file's name as a download link (the server always answers it as an attachment). */
function DownloadLink({ requestId, attachment }: { requestId: string; attachment: Attachment }) {
  const { t } = useTranslation('services');
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconDownload size={16} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
      <div style={{ minWidth: 0 }}>
        <Anchor
          href={apiUrl(attachmentPath(requestId, attachment.id))}
          download={attachment.name}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
          title={t('attachments.download', { name: attachment.name })}
        >
          {attachment.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {t(attachment.isInitial ? 'attachments.initial' : 'attachments.appendix')}
        </Text>
      </div>
    </Group>
  );
}

function AddedBy({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation('services');
  return (
    <Group gap={6} wrap="wrap">
      <span>{attachment.addedBy ?? '—'}</span>
      {attachment.addedByStaff ? (
        <Badge size="xs" variant="light" tt="none">
          {t('attachments.service')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** SPEC §3 attachments (name, date added, added by) with downloads; nothing here removes a file (SPEC §4). */
export function AttachmentList({
  requestId,
  attachments,
}: {
  requestId: string;
  attachments: readonly Attachment[];
}) {
  const { t, i18n } = useTranslation('services');
  const columns: Column<Attachment>[] = [
    {
      key: 'name',
      label: t('attachments.name'),
      render: (a) => <DownloadLink requestId={requestId} attachment={a} />,
    },
    { key: 'addedAt', label: t('attachments.added-at'), render: (a) => formatDateTime(a.addedAt) },
    { key: 'addedBy', label: t('attachments.added-by'), render: (a) => <AddedBy attachment={a} /> },
    { key: 'size', label: t('attachments.size'), render: (a) => formatFileSize(a.sizeBytes, i18n.language) },
  ];
  return (
    <DataTableFrame
      caption={t('attachments.title')}
      columns={columns}
      rows={attachments}
      rowKey={(a) => a.id}
      minWidth={560}
      nested
      renderCard={(a) => (
        <Paper withBorder radius="md" p="sm">
          <Stack gap={4}>
            <DownloadLink requestId={requestId} attachment={a} />
            <Text size="xs" c="dimmed">
              {formatDateTime(a.addedAt)} · {formatFileSize(a.sizeBytes, i18n.language)}
            </Text>
            <Text size="xs" component="div">
              <AddedBy attachment={a} />
            </Text>
          </Stack>
        </Paper>
      )}
      empty={<EmptyState size="sm" icon={IconPaperclip} title={t('attachments.empty')} />}
    />
  );
}
