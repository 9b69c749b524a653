import type { ChatUnread } from '@care/contract/chat';
import type { UploadLimits } from '@care/contract/files';
import type { Language } from '@care/contract/locales';
import { Box, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CannedReplyPicker } from '#app/features/canned-replies/components/canned-reply-picker.tsx';
import { ChatPanel } from '#app/features/chat/components/chat-panel.tsx';
import classes from './service-request.module.css';

interface ConversationProps {
  /** The anchor the page's header links to on narrow screens. */
  id: string;
  serviceRequestId: string;
  limits: UploadLimits;
  onUnread: (unread: ChatUnread) => void;
  /** The customer's language: a canned reply is inserted in it. */
  customerLanguage: Language;
}

/** The conversation with the customer: the right-hand column of the staff's request page, as tall as the window. */
export function Conversation({
  id,
  serviceRequestId,
  limits,
  onUnread,
  customerLanguage,
}: ConversationProps) {
  const { t } = useTranslation('staff');
  const headingId = useId();
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={headingId}
      // The header's link moves the focus here on a phone, so the keyboard goes on from the conversation.
      tabIndex={-1}
      withBorder
      radius="md"
      p="md"
      className={classes.conversation}
    >
      <Group gap="sm" align="flex-start" wrap="nowrap" mb="sm">
        <ThemeIcon variant="light" size={32} radius="md" aria-hidden>
          <IconMessages size={18} stroke={1.75} />
        </ThemeIcon>
        <Box miw={0}>
          <Title order={2} fz="md" lh={1.3} id={headingId}>
            {t('chat.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('chat.description')}
          </Text>
        </Box>
      </Group>
      <div className={classes.chat}>
        <ChatPanel
          serviceRequestId={serviceRequestId}
          limits={limits}
          onUnread={onUnread}
          composerLabel={t('chat.composer-label')}
          side="staff"
          composerTools={(insertText) => (
            <CannedReplyPicker language={customerLanguage} onInsert={insertText} />
          )}
        />
      </div>
    </Paper>
  );
}
