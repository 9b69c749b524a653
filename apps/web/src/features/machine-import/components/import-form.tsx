import { Button, FileInput, Group, Stack } from '@mantine/core';
import { IconChecklist, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ImportFormProps {
  /** Which action is running, if any. */
  pending: 'check' | 'import' | null;
  onSubmit: (file: File, dryRun: boolean) => void;
}

/** The ERP's machines CSV; then check it (nothing written) or import it. */
export function ImportForm({ pending, onSubmit }: ImportFormProps) {
  const { t } = useTranslation('machine-import');
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);

  const submit = (dryRun: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    if (!file) return setMissing(true);
    onSubmit(file, dryRun);
  };

  return (
    <form onSubmit={submit(true)} noValidate>
      <Stack gap="md">
        <FileInput
          label={t('file.label')}
          description={t('file.hint')}
          placeholder={t('file.pick')}
          accept="text/csv,.csv,text/plain"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setMissing(false);
          }}
          clearable
          clearButtonProps={{ 'aria-label': t('file.clear') }}
          // Mantine greys the placeholder below AA contrast (axe).
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          error={missing ? t('file.required') : undefined}
        />
        <Group gap="sm">
          <Button
            type="submit"
            variant="default"
            leftSection={<IconChecklist size={18} aria-hidden />}
            loading={pending === 'check'}
            disabled={pending !== null}
          >
            {t('check')}
          </Button>
          <Button
            type="button"
            leftSection={<IconUpload size={18} aria-hidden />}
            loading={pending === 'import'}
            disabled={pending !== null}
            onClick={() => submit(false)()}
          >
            {t('import')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
