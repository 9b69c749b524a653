import { Button, CloseButton, Group, Progress, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFile, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '#app/lib/upload.ts';
import type { QueuedFile, UploadQueue } from '../use-upload-queue.ts';
import classes from './upload-field.module.css';

interface UploadListProps {
  queue: UploadQueue;
  onRetry?: (key: string) => void;
  disabled?: boolean;
}

/** The picked files, each with its own progress bar and state; a failed one keeps its place with "Retry". */
export function UploadList({ queue, onRetry, disabled = false }: UploadListProps) {
  const { t } = useTranslation('services');
  if (queue.items.length === 0) return null;
  return (
    <ul className={classes.list} aria-label={t('uploads.list-label')}>
      {queue.items.map((item) => (
        <UploadItem
          key={item.key}
          item={item}
          onRemove={disabled || queue.sending ? undefined : () => queue.remove(item.key)}
          onRetry={onRetry && !queue.sending ? () => onRetry(item.key) : undefined}
        />
      ))}
    </ul>
  );
}

function UploadItem({
  item,
  onRemove,
  onRetry,
}: {
  item: QueuedFile;
  onRemove?: () => void;
  onRetry?: () => void;
}) {
  const { t, i18n } = useTranslation('services');
  const percent = Math.round(item.progress * 100);
  const Icon =
    item.status === 'failed' ? IconAlertCircle : item.status === 'done' ? IconCircleCheck : IconFile;
  const color = item.status === 'failed' ? 'red' : item.status === 'done' ? 'field' : undefined;
  return (
    <li className={classes.item} data-status={item.status}>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Group gap="xs" wrap="nowrap" align="flex-start" miw={0}>
          <Icon
            size={18}
            aria-hidden
            style={{ flex: 'none', marginTop: 2 }}
            color={color ? `var(--mantine-color-${color}-6)` : undefined}
          />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" className={classes.name}>
              {item.file.name}
            </Text>
            <Text size="xs" c={item.status === 'failed' ? 'red' : 'dimmed'}>
              {formatFileSize(item.file.size, i18n.language)} ·{' '}
              {t(`uploads.status.${item.status}`, { percent })}
              {item.status === 'failed' && item.error ? ` – ${item.error}` : ''}
            </Text>
          </div>
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
          {item.status === 'failed' && onRetry ? (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={onRetry}
              aria-label={t('uploads.retry-file', { name: item.file.name })}
            >
              {t('uploads.retry')}
            </Button>
          ) : null}
          {onRemove && item.status !== 'done' ? (
            <CloseButton
              size="sm"
              aria-label={t('uploads.remove', { name: item.file.name })}
              onClick={onRemove}
            />
          ) : null}
        </Group>
      </Group>
      {item.status === 'sending' || item.status === 'done' ? (
        <Progress
          value={percent}
          size="sm"
          mt={6}
          color={item.status === 'done' ? 'field' : undefined}
          animated={item.status === 'sending' && percent >= 100}
          aria-label={t('uploads.progress', { name: item.file.name })}
        />
      ) : null}
    </li>
  );
}
