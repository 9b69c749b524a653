import type { CannedReply } from '@care/contract/canned-replies';
import { LANGUAGES } from '@care/contract/locales';
import { ActionIcon, Badge, Box, Group, Paper, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PhoneCards } from '#app/components/layout/phone-cards.tsx';
import { formatDateTime } from '#app/lib/date-time.ts';

interface CannedRepliesTableProps {
  replies: readonly CannedReply[];
  onEdit: (reply: CannedReply) => void;
  onDelete: (reply: CannedReply) => void;
}

/*
 * Titles break between words ('break-word' counts a whole word in a column's minimum width); only a single word
 * longer than the line is broken.
 */
const wrapWords = { overflowWrap: 'break-word', wordBreak: 'normal' } as const;

/**
 * The shared replies, dense: title, the Polish text's start, which languages it has, when it changed. A table from
 * tablets up, one card per reply on phones (no sideways scrolling).
 */
export function CannedRepliesTable({ replies, onEdit, onDelete }: CannedRepliesTableProps) {
  const { t } = useTranslation('staff');
  return (
    <>
      <Box visibleFrom="sm">
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
                  <Table.Td fw={600} style={wrapWords}>
                    {reply.title}
                  </Table.Td>
                  <Table.Td maw={420}>
                    <Text size="sm" lineClamp={2}>
                      {reply.texts.pl}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Languages reply={reply} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={reply.updatedAt}>{formatDateTime(reply.updatedAt)}</time>
                  </Table.Td>
                  <Table.Td>
                    <Actions reply={reply} onEdit={onEdit} onDelete={onDelete} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <PhoneCards
        caption={t('canned.title')}
        rows={replies}
        rowKey={(reply) => reply.id}
        empty={null}
        nested
        renderCard={(reply) => <ReplyCard reply={reply} onEdit={onEdit} onDelete={onDelete} />}
      />
    </>
  );
}

/** One reply on a phone: the title and its actions, the text's start, its languages and when it changed. */
function ReplyCard({
  reply,
  onEdit,
  onDelete,
}: { reply: CannedReply } & Omit<CannedRepliesTableProps, 'replies'>) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} style={{ ...wrapWords, minWidth: 0 }}>
          {reply.title}
        </Text>
        <Actions reply={reply} onEdit={onEdit} onDelete={onDelete} />
      </Group>
      <Text size="sm" lineClamp={3} mt={4} style={wrapWords}>
        {reply.texts.pl}
      </Text>
      <Group justify="space-between" gap="xs" mt="xs">
        <Languages reply={reply} />
        <Text size="xs" c="dimmed" component="time" dateTime={reply.updatedAt}>
          {formatDateTime(reply.updatedAt)}
        </Text>
      </Group>
    </Paper>
  );
}

function Languages({ reply }: { reply: CannedReply }) {
  const { t } = useTranslation('staff');
  return (
    <Group gap={4} wrap="nowrap">
      {LANGUAGES.filter((language) => reply.texts[language] !== null).map((language) => (
        <Badge key={language} size="xs" variant="light" tt="none">
          {t(`canned.languages.${language}`)}
        </Badge>
      ))}
    </Group>
  );
}

function Actions({
  reply,
  onEdit,
  onDelete,
}: { reply: CannedReply } & Omit<CannedRepliesTableProps, 'replies'>) {
  const { t } = useTranslation('staff');
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('canned.edit')}>
        <ActionIcon
          variant="subtle"
          size="lg"
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
          size="lg"
          aria-label={`${t('canned.delete')}: ${reply.title}`}
          onClick={() => onDelete(reply)}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
