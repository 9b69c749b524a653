import type { ChatMessage, ChatUnread } from '@care/contract/chat';
import type { UploadLimits } from '@care/contract/files';
import { Alert, Button, Center, Divider, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '#app/lib/notify.ts';
import { chatLogQuery, compareIds, useLoadOlderMessages, useMarkChatRead } from '../api.ts';
import { useChatComposer } from '../use-chat-composer.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatLog } from './chat-log.tsx';

interface ChatPanelProps {
  serviceRequestId: string;
  limits: UploadLimits;
  /** The reader's unread summary after the chat was marked read (the route updates the counts shown elsewhere). */
  onUnread?: (unread: ChatUnread) => void;
  /** The message box's name when it is not the customer's "message to the service team". */
  composerLabel?: string;
  /**
   * Whose screen it is: the staff's texts speak of the customer (i18next context `_staff`), the default of the
   * service; the staff's composer writes replies or internal notes (issue 18).
   */
  side?: 'staff';
  /** Staff: tools for the composer (the canned-reply picker) given the composer's way of inserting a text. */
  composerTools?: (insertText: (text: string) => void) => ReactNode;
}

/** A request's chat: the log (new messages arrive through the events feature invalidating the log) and the composer. */
export function ChatPanel({
  serviceRequestId,
  limits,
  onUnread,
  composerLabel,
  side,
  composerTools,
}: ChatPanelProps) {
  const { t } = useTranslation('services');
  const log = useQuery(chatLogQuery(serviceRequestId));
  const older = useLoadOlderMessages(serviceRequestId);
  const markRead = useMarkChatRead(onUnread);
  const composer = useChatComposer(serviceRequestId, limits);
  const lastMarked = useRef<string | null>(null);

  const onSeen = (newest: ChatMessage) => {
    // The server moves the writer's own marker when they post; only the other side's messages need marking.
    if (newest.author?.isMe) return;
    if (lastMarked.current && compareIds(newest.id, lastMarked.current) <= 0) return;
    lastMarked.current = newest.id;
    markRead.mutate(
      { serviceRequestId, lastReadMessageId: newest.id },
      { onError: () => (lastMarked.current = null) },
    );
  };

  const loadOlder = () => {
    const first = log.data?.messages[0];
    if (!first) return;
    older.mutate(first.id, {
      onError: () =>
        notify('ERROR', { title: t('chat.title', { context: side }), message: t('chat.errors.fetch') }),
    });
  };

  return (
    <Stack gap="sm">
      {log.data ? (
        <ChatLog
          log={log.data}
          onLoadOlder={loadOlder}
          loadingOlder={older.isPending}
          onSeen={onSeen}
          side={side}
        />
      ) : log.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <span role="alert">{t('chat.errors.fetch')}</span>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void log.refetch()}
            >
              {t('chat.try-again')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Center mih={220}>
          <Loader size="sm" role="status" aria-label={t('chat.loading')} />
        </Center>
      )}
      <Divider />
      <ChatComposer
        composer={composer}
        limits={limits}
        label={composerLabel}
        allowNotes={side === 'staff'}
        tools={composerTools?.(composer.insertText)}
      />
    </Stack>
  );
}
