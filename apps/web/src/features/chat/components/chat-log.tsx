import type { ChatMessage as Message } from '@care/contract/chat';
import { Button, Center } from '@mantine/core';
import { IconArrowUp, IconMessages } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import type { ChatLog as Log } from '../api.ts';
import { ChatMessage } from './chat-message.tsx';
import classes from './chat.module.css';

interface ChatLogProps {
  log: Log;
  onLoadOlder: () => void;
  loadingOlder: boolean;
  /** The newest message has been on screen while the page was visible. */
  onSeen: (newest: Message) => void;
  /** Whose screen it is (the staff's empty log speaks of the customer). */
  side?: 'staff';
}

/** How close to the end (px) still counts as "reading the newest": new messages then scroll into view. */
const NEAR_END = 80;

/**
 * The messages, oldest at the top, in a scrolling box that keeps its place: it starts at the newest message,
 * follows new ones while the reader is at the end (or wrote them), and stays put when older ones are added above.
 */
export function ChatLog({ log, onLoadOlder, loadingOlder, onSeen, side }: ChatLogProps) {
  const { t } = useTranslation('services');
  const box = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const previous = useRef<{ first?: string; last?: string; height: number; top: number } | null>(null);
  const nearEnd = useRef(true);
  const endVisible = useRef(typeof IntersectionObserver === 'undefined');
  const newest = log.messages.at(-1);
  const seen = useRef(onSeen);
  useEffect(() => {
    seen.current = onSeen;
  });

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const first = log.messages[0]?.id;
    const last = log.messages.at(-1)?.id;
    const before = previous.current;
    if (!before || !before.last) {
      element.scrollTop = element.scrollHeight;
    } else if (first !== before.first && last === before.last) {
      element.scrollTop = before.top + (element.scrollHeight - before.height);
    } else if (last !== before.last && (nearEnd.current || log.messages.at(-1)?.author?.isMe)) {
      element.scrollTop = element.scrollHeight;
    }
    previous.current = { first, last, height: element.scrollHeight, top: element.scrollTop };
  }, [log.messages]);

  const onScroll = () => {
    const element = box.current;
    if (!element) return;
    nearEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_END;
    if (previous.current) previous.current = { ...previous.current, top: element.scrollTop };
  };

  // Seen = the end of the log is in the viewport (inside the scrolling box) while the tab is visible.
  useEffect(() => {
    const check = () => {
      if (newest && endVisible.current && document.visibilityState === 'visible') seen.current(newest);
    };
    check();
    const target = end.current;
    const observer =
      typeof IntersectionObserver === 'undefined' || !target
        ? null
        : new IntersectionObserver((entries) => {
            endVisible.current = entries.some((entry) => entry.isIntersecting);
            check();
          });
    if (observer && target) observer.observe(target);
    document.addEventListener('visibilitychange', check);
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', check);
    };
  }, [newest]);

  return (
    <div
      ref={box}
      className={classes.log}
      onScroll={onScroll}
      role="log"
      aria-label={t('chat.messages-label')}
      // A scrolling box must be reachable by keyboard to be scrolled without a mouse (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      {log.hasOlder ? (
        <Center>
          <Button
            variant="subtle"
            size="xs"
            onClick={onLoadOlder}
            loading={loadingOlder}
            leftSection={<IconArrowUp size={14} aria-hidden />}
          >
            {t('chat.older')}
          </Button>
        </Center>
      ) : null}
      {log.messages.length === 0 ? (
        <EmptyState
          size="sm"
          icon={IconMessages}
          title={t('chat.empty.title')}
          description={t('chat.empty.description', { context: side })}
        />
      ) : (
        <ol className={classes.list}>
          {log.messages.map((message) => (
            <ChatMessage key={message.id} message={message} />
          ))}
        </ol>
      )}
      <div ref={end} aria-hidden style={{ minHeight: 1 }} />
    </div>
  );
}
