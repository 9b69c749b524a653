import { CHAT_LIMITS } from '@care/contract/chat';
import type { UploadLimits } from '@care/contract/files';
import { ActionIcon, Alert, Button, FileButton, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconCamera,
  IconLock,
  IconPaperclip,
  IconRefresh,
  IconSend,
} from '@tabler/icons-react';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RefusedFiles } from '#app/components/feedback/refused-files.tsx';
import { FILE_PICKER_ACCEPT, formatFileSize, uploadTypeNames } from '#app/lib/upload.ts';
import type { ChatComposerState } from '../use-chat-composer.ts';
import classes from './chat.module.css';
import { ComposerMode } from './composer-mode.tsx';
import { PendingFile } from './pending-file.tsx';

interface ChatComposerProps {
  composer: ChatComposerState;
  limits: UploadLimits;
  /** The message box's name; the customer writes "to the service team", staff "to the customer". */
  label?: string;
  /** Staff: a switch between a reply and an internal note (issue 18). */
  allowNotes?: boolean;
  /** Staff: tools beside the send button (the canned-reply picker), given by the route. */
  tools?: ReactNode;
}

/**
 * Writing to the service team: a text and files (the phone's camera too). What fails to send stays here with
 * "Retry"; Ctrl+Enter (⌘+Enter) sends, Enter alone starts a new line (phones have no other way to).
 */
export function ChatComposer({ composer, limits, label, allowNotes = false, tools }: ChatComposerProps) {
  const { t, i18n } = useTranslation('services');
  const touch = useMediaQuery('(pointer: coarse)');
  const sending = composer.status === 'sending';
  const note = allowNotes && composer.mode === 'note';
  const resetFiles = useRef<() => void>(null);
  const resetPhoto = useRef<() => void>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void composer.send();
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void composer.send();
      }}
    >
      <Stack gap="xs">
        {allowNotes ? (
          <ComposerMode mode={composer.mode} onChange={composer.setMode} disabled={sending} />
        ) : null}
        {composer.files.length > 0 ? (
          <Stack
            gap={6}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('chat.composer.files')}
          >
            {composer.files.map((item) => (
              <PendingFile
                key={item.key}
                item={item}
                locked={sending}
                onRemove={() => composer.removeFile(item.key)}
                size={formatFileSize(item.file.size, i18n.language)}
              />
            ))}
          </Stack>
        ) : null}
        <RefusedFiles refused={composer.refused} limits={limits} />
        {composer.status === 'failed' ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} p="xs">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" role="alert">
                {t('chat.composer.not-sent', { reason: composer.error ?? '' })}
              </Text>
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => void composer.send()}
              >
                {t('chat.composer.retry')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        <Textarea
          aria-label={note ? t('chat.composer.note-label') : (label ?? t('chat.composer.label'))}
          placeholder={t(note ? 'chat.composer.note-placeholder' : 'chat.composer.placeholder')}
          classNames={note ? { input: classes.noteInput } : undefined}
          description={note ? t('chat.composer.note-hint') : undefined}
          inputWrapperOrder={['input', 'description']}
          value={composer.text}
          onChange={(event) => composer.setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          readOnly={sending}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={CHAT_LIMITS.bodyMaxLength}
        />
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          {/* The tools and the hint wrap in a narrow column (the staff's conversation beside the details); the send
              button keeps its place at the right. */}
          <Group gap={6} wrap="wrap" miw={0} style={{ flex: 1 }}>
            {tools}
            {note ? null : (
              <>
                <FileButton
                  onChange={(files) => {
                    composer.addFiles(files);
                    resetFiles.current?.();
                  }}
                  accept={FILE_PICKER_ACCEPT}
                  multiple
                  disabled={sending}
                  resetRef={resetFiles}
                  inputProps={{ 'aria-label': t('chat.composer.attach-input') }}
                >
                  {(props) => (
                    <Tooltip label={t('chat.composer.attach')}>
                      <ActionIcon
                        {...props}
                        variant="default"
                        size={40}
                        aria-label={t('chat.composer.attach')}
                        disabled={sending}
                      >
                        <IconPaperclip size={20} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </FileButton>
                {touch ? (
                  <FileButton
                    onChange={(file) => {
                      if (file) composer.addFiles([file]);
                      resetPhoto.current?.();
                    }}
                    accept="image/*"
                    capture="environment"
                    disabled={sending}
                    resetRef={resetPhoto}
                    inputProps={{ 'aria-label': t('chat.composer.camera-input') }}
                  >
                    {(props) => (
                      <ActionIcon
                        {...props}
                        variant="default"
                        size={40}
                        aria-label={t('chat.composer.camera')}
                        disabled={sending}
                      >
                        <IconCamera size={20} aria-hidden />
                      </ActionIcon>
                    )}
                  </FileButton>
                ) : (
                  <Text size="xs" c="dimmed" visibleFrom="sm">
                    {t('chat.composer.hint')}
                  </Text>
                )}
              </>
            )}
          </Group>
          <Button
            type="submit"
            h={40}
            loading={sending}
            disabled={!composer.canSend && !sending}
            color={note ? 'yellow' : undefined}
            autoContrast
            rightSection={note ? <IconLock size={16} aria-hidden /> : <IconSend size={16} aria-hidden />}
          >
            {t(note ? 'chat.composer.save-note' : 'chat.composer.send')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" hidden={note}>
          {t('uploads.limits-single', {
            types: uploadTypeNames(limits),
            fileSize: formatFileSize(limits.maxFileBytes, i18n.language),
          })}
        </Text>
      </Stack>
    </form>
  );
}
