import { INTAKE_TEXT_LIMITS } from '@care/contract/intake';
import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '#app/lib/notify.ts';
import { duplicateCandidatesQuery, useMarkDuplicate } from '../api.ts';

interface DuplicateFormProps {
  id: string;
  code: string;
  requestKey: QueryKey;
  onDone: () => void;
}

/**
 * Close this request as a duplicate of another open request of the same customer, chosen by its code (the list
 * offers the customer's open requests; typing filters it). Closing is final, so the button asks once more.
 */
export function DuplicateForm({ id, code, requestKey, onDone }: DuplicateFormProps) {
  const { t } = useTranslation(['intake', 'services']);
  const candidates = useQuery(duplicateCandidatesQuery(id));
  const mark = useMarkDuplicate(requestKey, id);
  const [originalCode, setOriginalCode] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState(false);
  const options = (candidates.data ?? []).map((candidate) => ({
    value: candidate.code,
    label: `${candidate.code} · ${candidate.machineName} (${candidate.machineSerialNumber}) · ${t(`services:status.${candidate.status}`)}`,
  }));

  const send = () =>
    mark.mutate(
      { originalCode: originalCode ?? '', note },
      {
        onSuccess: () => {
          notify('SUCCESS', {
            title: t('duplicate.title'),
            message: t('duplicate.success', { code: originalCode }),
          });
          onDone();
        },
        onError: (error) => {
          setConfirming(false);
          notify('ERROR', { title: t('duplicate.error'), message: error.message });
        },
      },
    );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!originalCode) {
          setMissing(true);
          return;
        }
        if (confirming) send();
        else setConfirming(true);
      }}
    >
      <Stack gap="md">
        <Select
          label={t('duplicate.original')}
          description={t('duplicate.original-hint')}
          placeholder={t('duplicate.original-placeholder')}
          required
          searchable
          data={options}
          value={originalCode}
          onChange={(value) => {
            setOriginalCode(value);
            setMissing(false);
            setConfirming(false);
          }}
          nothingFoundMessage={t('duplicate.no-candidates')}
          error={missing ? t('duplicate.choose') : undefined}
          comboboxProps={{ withinPortal: true }}
          name="originalCode"
        />
        {candidates.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('duplicate.no-candidates')}
          </Text>
        ) : null}
        <Textarea
          label={t('duplicate.note')}
          description={t('duplicate.note-hint')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={INTAKE_TEXT_LIMITS.reason}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          name="note"
        />
        {confirming ? (
          <Alert color="red" variant="light" role="alert" title={t('duplicate.confirm-title')}>
            {t('duplicate.confirm', { code, original: originalCode })}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" h={40} onClick={onDone} disabled={mark.isPending}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            h={40}
            color={confirming ? 'red' : undefined}
            loading={mark.isPending}
            leftSection={<IconCopy size={18} aria-hidden />}
          >
            {confirming ? t('duplicate.confirm-submit') : t('duplicate.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
