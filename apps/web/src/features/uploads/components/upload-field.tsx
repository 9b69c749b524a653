import type { UploadLimits } from '@care/contract/files';
import { Box, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RefusedFiles } from '#app/components/feedback/refused-files.tsx';
import { FILE_PICKER_ACCEPT } from '#app/lib/upload.ts';
import type { UploadQueue } from '../use-upload-queue.ts';
import { UploadLimitsHint } from './upload-limits-hint.tsx';
import { UploadList } from './upload-list.tsx';
import classes from './upload-field.module.css';

interface UploadFieldProps {
  queue: UploadQueue;
  limits: UploadLimits;
  /** The field's visible name, e.g. "Attachments". */
  label: string;
  /** Retry one failed file on its own (appendices); without it, sending the form again retries. */
  onRetry?: (key: string) => void;
  /** Files already sent cannot be taken back: remove is offered only while a file waits. */
  disabled?: boolean;
  error?: string;
}

/**
 * Picking files: "Choose files" (documents, photos and videos), "Take a photo" on phones and tablets (the camera
 * opens directly), or dropping files on the area. The limits are shown before anything is picked; every file
 * is checked against them at once and the refused ones are named with the reason.
 */
export function UploadField({ queue, limits, label, onRetry, disabled = false, error }: UploadFieldProps) {
  const { t } = useTranslation('services');
  const touch = useMediaQuery('(pointer: coarse)');
  const [dragging, setDragging] = useState(false);
  const resetFiles = useRef<() => void>(null);
  const resetPhoto = useRef<() => void>(null);
  const labelId = useId();
  const hintId = useId();
  const locked = disabled || queue.sending;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!locked) queue.add([...event.dataTransfer.files]);
  };

  return (
    <Stack gap="xs">
      <Input.Label id={labelId} component="span">
        {label}
      </Input.Label>
      <Box
        className={classes.area}
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          if (!locked) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={hintId}
      >
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <FileButton
              multiple
              accept={FILE_PICKER_ACCEPT}
              resetRef={resetFiles}
              disabled={locked}
              onChange={(files) => {
                queue.add(files);
                resetFiles.current?.();
              }}
              inputProps={{ 'aria-label': t('uploads.input-label') }}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  h={40}
                  disabled={locked}
                  leftSection={<IconUpload size={18} aria-hidden />}
                >
                  {t('uploads.choose')}
                </Button>
              )}
            </FileButton>
            {touch ? (
              <FileButton
                accept="image/*"
                capture="environment"
                resetRef={resetPhoto}
                disabled={locked}
                onChange={(file) => {
                  if (file) queue.add([file]);
                  resetPhoto.current?.();
                }}
                inputProps={{ 'aria-label': t('uploads.camera-input-label') }}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    h={40}
                    disabled={locked}
                    leftSection={<IconCamera size={18} aria-hidden />}
                  >
                    {t('uploads.camera')}
                  </Button>
                )}
              </FileButton>
            ) : (
              <Text size="sm" c="dimmed">
                {t('uploads.drop')}
              </Text>
            )}
          </Group>
          <UploadLimitsHint limits={limits} id={hintId} />
        </Stack>
      </Box>
      <RefusedFiles refused={queue.refused} limits={limits} />
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <UploadList queue={queue} onRetry={onRetry} disabled={disabled} />
    </Stack>
  );
}
