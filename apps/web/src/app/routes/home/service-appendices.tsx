import type { UploadLimits } from '@care/contract/files';
import type { ServiceRequestDetails } from '@care/contract/service-requests';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconLock, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serviceRequestKeys, useAddAppendix } from '#app/features/service-requests/api.ts';
import { UploadField } from '#app/features/uploads/components/upload-field.tsx';
import { type ProgressReporter, useUploadQueue } from '#app/features/uploads/use-upload-queue.ts';
import { notify } from '#app/lib/notify.ts';

/**
 * "Add appendices" on a request's page: more files after creation, one upload per file (each with its progress; a
 * failed one stays with "Retry"). SPEC §8 'appendices added' / 'error adding appendices'. Closed requests take
 * no more files (the chat stays open).
 */
export function ServiceAppendices({
  request,
  limits,
}: {
  request: ServiceRequestDetails;
  limits: UploadLimits;
}) {
  const { t } = useTranslation('services');
  const client = useQueryClient();
  const queue = useUploadQueue(limits);
  const addAppendix = useAddAppendix(request.id);
  const [error, setError] = useState<string>();

  if (!request.canAddAppendices) {
    return (
      <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden />}>
        {t('attachments.closed')}
      </Alert>
    );
  }

  const send = (file: File, onProgress: ProgressReporter) => addAppendix.mutateAsync({ file, onProgress });

  const run = async (only?: string) => {
    if (!queue.hasFiles) {
      setError(t('attachments.files-required'));
      return;
    }
    setError(undefined);
    const { sent, failed } = await queue.sendEach(send, only);
    const title = t('attachments.add-title');
    if (failed === 0) {
      notify('SUCCESS', { title, message: t('attachments.success') });
      return;
    }
    notify('ERROR', { title, message: sent > 0 ? t('attachments.partial') : t('attachments.error') });
    // The request may have been closed meanwhile (SERVICE_REQUEST_CLOSED): show its current state.
    void client.invalidateQueries({ queryKey: serviceRequestKeys.detail(request.id) });
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('attachments.add-description')}
      </Text>
      <UploadField
        queue={queue}
        limits={limits}
        label={t('attachments.add-label')}
        onRetry={(key) => void run(key)}
        error={queue.hasFiles ? undefined : error}
      />
      <Group justify="flex-end">
        <Button
          h={40}
          onClick={() => void run()}
          loading={queue.sending}
          leftSection={<IconUpload size={18} aria-hidden />}
        >
          {t('attachments.send')}
        </Button>
      </Group>
    </Stack>
  );
}
