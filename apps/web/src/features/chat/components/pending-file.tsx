import { CloseButton, Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PendingChatFile } from '../use-chat-composer.ts';

/** A picked file waiting in the composer: its name and size, its progress while sending, and removing it. */
export function PendingFile({
  item,
  locked,
  onRemove,
  size,
}: {
  item: PendingChatFile;
  locked: boolean;
  onRemove: () => void;
  size: string;
}) {
  const { t } = useTranslation('services');
  return (
    <li>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text
          size="sm"
          style={{ minWidth: 0, overflowWrap: 'anywhere' }}
          c={item.status === 'failed' ? 'red' : undefined}
        >
          {item.file.name}{' '}
          <Text span size="xs" c="dimmed">
            {size}
            {item.status === 'failed' ? ` · ${t('uploads.status.failed')}` : ''}
          </Text>
        </Text>
        {locked ? null : (
          <CloseButton
            size="sm"
            aria-label={t('uploads.remove', { name: item.file.name })}
            onClick={onRemove}
          />
        )}
      </Group>
      {item.status === 'sending' ? (
        <Progress
          value={Math.round(item.progress * 100)}
          size="sm"
          mt={4}
          aria-label={t('uploads.progress', { name: item.file.name })}
        />
      ) : null}
    </li>
  );
}
