import type { UploadLimits } from '@care/contract/files';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFileSize, type Refusal } from '#app/lib/upload.ts';

export interface RefusedFile {
  name: string;
  problem: Refusal;
}

/** The sentence that says why one file cannot go ("photo.jpg: this file type is not accepted."). */
export function useRefusalText(limits: UploadLimits): (file: RefusedFile) => string {
  const { t, i18n } = useTranslation('services');
  return (file) =>
    t(`uploads.problem.${file.problem}`, {
      name: file.name,
      size: formatFileSize(
        file.problem === 'total' ? limits.maxRequestBytes : limits.maxFileBytes,
        i18n.language,
      ),
      count: limits.maxFiles,
    });
}

/**
 * The files that cannot go, each with why (type, size, emptiness, count, total), in the words of every place that
 * takes files: the upload field of a request, its appendices and the chat. Refused by the browser's check before
 * sending, or by the server's (a file whose bytes are not what its name says).
 */
export function RefusedFiles({ refused, limits }: { refused: readonly RefusedFile[]; limits: UploadLimits }) {
  const reason = useRefusalText(limits);
  if (refused.length === 0) return null;
  return (
    <Stack gap={2} role="alert">
      {refused.map((file, index) => (
        <Text key={`${file.name}-${index}`} size="sm" c="red">
          {reason(file)}
        </Text>
      ))}
    </Stack>
  );
}
