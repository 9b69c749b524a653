import type { ChatMessage as Message } from '@care/contract/chat';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconDownload, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '#app/config/runtime-config.ts';
import { formatDateTime } from '#app/lib/date-time.ts';
import { formatFileSize } from '#app/lib/upload.ts';
import { chatFilePath } from '../api.ts';
import classes from './chat.module.css';

/**
 * One message: own messages on the right, the other side's on the left with its author and role. An internal
 * note (staff only, issue 18) is tinted and labelled with a lock, so nobody takes it for what the customer read.
 */
export function ChatMessage({ message }: { message: Message }) {
  const { t, i18n } = useTranslation('services');
  const { author, body, file, createdAt } = message;
  const own = author?.isMe === true;
  const name = own ? t('chat.you') : (author?.displayName ?? t('chat.system'));
  return (
    <li className={classes.row} data-side={own ? 'own' : 'other'} data-note={message.internal || undefined}>
      <div className={classes.bubble}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} component="span">
            {name}
          </Text>
          {message.internal ? (
            <Group gap={4} wrap="nowrap" className={classes.noteLabel} title={t('chat.note.hint')}>
              <IconLock size={14} aria-hidden />
              <Text size="xs" fw={700} component="span">
                {t('chat.note.label')}
              </Text>
            </Group>
          ) : null}
          {author?.isStaff && !own && !message.internal ? (
            <Badge size="xs" variant="light" tt="none">
              {t('chat.service-team')}
            </Badge>
          ) : null}
        </Group>
        {body ? (
          <Text size="sm" className={classes.body} mt={2}>
            {body}
          </Text>
        ) : null}
        {file ? (
          <div className={classes.file}>
            <IconDownload size={16} aria-hidden style={{ flex: 'none' }} />
            <Anchor
              href={apiUrl(chatFilePath(file.id))}
              download={file.name}
              size="sm"
              className={classes.fileName}
            >
              {file.name}
            </Anchor>
            <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
              {formatFileSize(file.sizeBytes, i18n.language)}
            </Text>
          </div>
        ) : null}
        <Text size="xs" c="dimmed" mt={4} ta={own ? 'right' : 'left'}>
          <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
        </Text>
      </div>
    </li>
  );
}
