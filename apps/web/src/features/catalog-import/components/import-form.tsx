import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText, IconPhoto, IconUpload, IconChecklist } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogImportFiles } from '../api.ts';

interface ImportFormProps {
  /** Which action is running, if any. */
  pending: 'check' | 'import' | null;
  onSubmit: (files: CatalogImportFiles, dryRun: boolean) => void;
}

/** The catalogue file (JSON), the parts CSV and the drawings and images they name; then check or import. */
export function ImportForm({ pending, onSubmit }: ImportFormProps) {
  const { t } = useTranslation('admin');
  const [document, setDocument] = useState<File | null>(null);
  const [parts, setParts] = useState<File | null>(null);
  const [attachments, setAttachments] = useState<File[]>([]);
  const [missing, setMissing] = useState(false);

  // Mantine greys the placeholder below AA contrast and leaves the clear button unnamed (axe).
  const common = {
    clearable: true,
    clearButtonProps: { 'aria-label': t('catalog-import.files.clear') },
    styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } },
  };

  const submit = (dryRun: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    if (!document && !parts) {
      setMissing(true);
      return;
    }
    onSubmit({ document, parts, attachments }, dryRun);
  };

  return (
    <form onSubmit={submit(true)} noValidate>
      <Stack gap="md">
        <FileInput
          label={t('catalog-import.files.document')}
          description={t('catalog-import.files.document-hint')}
          placeholder={t('catalog-import.files.pick-one')}
          accept="application/json,.json"
          leftSection={<IconFileText size={18} aria-hidden />}
          value={document}
          onChange={(file) => {
            setDocument(file);
            setMissing(false);
          }}
          {...common}
          error={missing ? t('catalog-import.files.required') : undefined}
        />
        <FileInput
          label={t('catalog-import.files.parts')}
          description={t('catalog-import.files.parts-hint')}
          placeholder={t('catalog-import.files.pick-one')}
          accept="text/csv,.csv"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          value={parts}
          onChange={(file) => {
            setParts(file);
            setMissing(false);
          }}
          {...common}
        />
        <FileInput
          multiple
          label={t('catalog-import.files.attachments')}
          description={t('catalog-import.files.attachments-hint')}
          placeholder={t('catalog-import.files.pick-many')}
          accept="image/svg+xml,image/jpeg,image/png,image/webp,.svg"
          leftSection={<IconPhoto size={18} aria-hidden />}
          value={attachments}
          onChange={setAttachments}
          {...common}
          valueComponent={({ value }) => (
            <Text size="sm" truncate>
              {Array.isArray(value) && value.length > 1
                ? t('catalog-import.files.chosen', { count: value.length })
                : Array.isArray(value)
                  ? value[0]?.name
                  : value?.name}
            </Text>
          )}
        />
        <Group gap="sm">
          <Button
            type="submit"
            variant="default"
            leftSection={<IconChecklist size={18} aria-hidden />}
            loading={pending === 'check'}
            disabled={pending !== null}
          >
            {t('catalog-import.check')}
          </Button>
          <Button
            type="button"
            leftSection={<IconUpload size={18} aria-hidden />}
            loading={pending === 'import'}
            disabled={pending !== null}
            onClick={() => submit(false)()}
          >
            {t('catalog-import.import')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
