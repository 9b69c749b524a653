import type { CannedReply } from '@care/contract/canned-replies';
import { LANGUAGES } from '@care/contract/locales';
import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#app/lib/date-time.ts';

interface CannedRepliesTableProps {
  replies: readonly CannedReply[];
  onEdit: (reply: CannedReply) => void;
  onDelete: (reply: CannedReply) => void;
}

/** The shared replies, dense: title, the Polish text's start, which languages it has, when it changed. */
export function CannedRepliesTable({ replies, onEdit, onDelete }: CannedRepliesTableProps) {
  const { t } = useTranslation('staff');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('canned.columns.title')}</Table.Th>
            <Table.Th>{t('canned.columns.text')}</Table.Th>
            <Table.Th>{t('canned.columns.languages')}</Table.Th>
            <Table.Th>{t('canned.columns.updated')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('canned.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {replies.map((reply) => (
            <Table.Tr key={reply.id}>
              <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                {reply.title}
              </Table.Td>
              <Table.Td maw={420}>
                <Text size="sm" lineClamp={2}>
                  {reply.texts.pl}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {LANGUAGES.filter((language) => reply.texts[language] !== null).map((language) => (
                    <Badge key={language} size="xs" variant="light" tt="none">
                      {t(`canned.languages.${language}`)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={reply.updatedAt}>{formatDateTime(reply.updatedAt)}</time>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Tooltip label={t('canned.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('canned.edit')}: ${reply.title}`}
                      onClick={() => onEdit(reply)}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('canned.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('canned.delete')}: ${reply.title}`}
                      onClick={() => onDelete(reply)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
