import {
  UPLOAD_CONTENT_TYPES,
  UPLOAD_DEFAULT_LIMITS,
  UPLOAD_EXTENSIONS,
  type UploadLimits,
} from '@care/contract/files';
import { FileInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_PICKER_ACCEPT, fileProblem, formatFileSize, uploadTypeNames } from '#app/lib/upload.ts';

/** The server's default limits; it checks again (by the files' bytes) and may be configured tighter. */
const LIMITS: UploadLimits = {
  ...UPLOAD_DEFAULT_LIMITS,
  contentTypes: UPLOAD_CONTENT_TYPES,
  extensions: UPLOAD_EXTENSIONS,
};

interface CartAttachmentsProps {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

/**
 * Optional files for parts sales (a photo of the worn part, the machine's rating plate). Files the server would
 * refuse are left out at once, with the reason.
 */
export function CartAttachments({ files, onChange, disabled }: CartAttachmentsProps) {
  const { t, i18n } = useTranslation('cart');
  const [refused, setRefused] = useState<string | null>(null);

  const choose = (chosen: File[]) => {
    const problems = chosen.flatMap((file) => {
      const problem = fileProblem(file, LIMITS);
      return problem ? [t(`attachments.problem.${problem}`, { name: file.name })] : [];
    });
    let accepted = chosen.filter((file) => fileProblem(file, LIMITS) === null);
    if (accepted.length > LIMITS.maxFiles) {
      problems.push(t('attachments.problem.count', { max: LIMITS.maxFiles }));
      accepted = accepted.slice(0, LIMITS.maxFiles);
    }
    setRefused(problems.length > 0 ? problems.join(' ') : null);
    onChange(accepted);
  };

  return (
    <FileInput
      multiple
      clearable
      value={files}
      onChange={choose}
      accept={FILE_PICKER_ACCEPT}
      disabled={disabled}
      label={t('attachments.label')}
      description={t('attachments.description', {
        types: uploadTypeNames(LIMITS),
        size: formatFileSize(LIMITS.maxFileBytes, i18n.language),
        max: LIMITS.maxFiles,
      })}
      placeholder={t('attachments.placeholder')}
      // Mantine's placeholder grey is 2:1 on white; the portal's dimmed text passes AA in both schemes.
      styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      leftSection={<IconPaperclip size={18} aria-hidden />}
      clearButtonProps={{ 'aria-label': t('attachments.clear') }}
      error={refused}
    />
  );
}
