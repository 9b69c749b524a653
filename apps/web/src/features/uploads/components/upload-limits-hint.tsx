import type { UploadLimits } from '@care/contract/files';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFileSize, uploadTypeNames } from '#app/lib/upload.ts';

/** What may be uploaded, shown before anything is picked: types, size per file and together, number of files. */
export function UploadLimitsHint({
  limits,
  id,
  single = false,
}: {
  limits: UploadLimits;
  id?: string;
  single?: boolean;
}) {
  const { t, i18n } = useTranslation('services');
  const values = {
    types: uploadTypeNames(limits),
    fileSize: formatFileSize(limits.maxFileBytes, i18n.language),
    totalSize: formatFileSize(limits.maxRequestBytes, i18n.language),
    count: limits.maxFiles,
  };
  return (
    <Text id={id} size="xs" c="dimmed">
      {t(single ? 'uploads.limits-single' : 'uploads.limits', values)}
    </Text>
  );
}
