import type { Attachment } from '@care/contract/service-requests';
import { Anchor, Badge, Group, Paper, Text } from '@mantine/core';
import { IconDownload, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTableFrame, type Column } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { formatDateTime } from '#app/lib/date-time.ts';

interface AttachmentsListProps {
  attachments: readonly Attachment[];
  /** The download address of a file (always sent as an attachment by the server). */
  downloadHref: (attachment: Attachment) => string;
}

/** The request's files (name, date added, added by) with downloads; none can be removed (SPEC §4). */
export function AttachmentsList({ attachments, downloadHref }: AttachmentsListProps) {
  const { t } = useTranslation('services');
  const addedBy = (a: Attachment) => (
    <Group gap={6} wrap="wrap">
      <span>{a.addedBy ?? '—'}</span>
      {a.addedByStaff ? (
        <Badge size="xs" variant="light" tt="none">
          {t('attachments.service')}
        </Badge>
      ) : null}
    </Group>
  );
  const columns: Column<Attachment>[] = [
    { key: 'name', label: t('attachments.name'), render: (a) => <Download a={a} href={downloadHref(a)} /> },
    { key: 'addedAt', label: t('attachments.added-at'), render: (a) => formatDateTime(a.addedAt) },
    { key: 'addedBy', label: t('attachments.added-by'), render: addedBy },
  ];
  return (
    <DataTableFrame
      caption={t('attachments.title')}
      columns={columns}
      rows={attachments}
      rowKey={(a) => a.id}
      renderCard={(a) => (
        <Paper withBorder radius="md" p="sm">
          <Download a={a} href={downloadHref(a)} />
          <Text size="sm" c="dimmed" mt={4}>
            {formatDateTime(a.addedAt)} · {a.addedBy ?? '—'}
          </Text>
        </Paper>
      )}
      minWidth={520}
      nested
      empty={<EmptyState size="sm" icon={IconPaperclip} title={t('attachments.empty')} />}
    />
  );
}

function Download({ a, href }: { a: Attachment; href: string }) {
  const { t } = useTranslation('services');
  return (
    <Anchor href={href} download={a.name} aria-label={t('attachments.download', { name: a.name })}>
      <Group gap={6} wrap="nowrap" component="span">
        <IconDownload size={16} aria-hidden style={{ flexShrink: 0 }} />
        <span style={{ overflowWrap: 'anywhere' }}>{a.name}</span>
      </Group>
    </Anchor>
  );
}
