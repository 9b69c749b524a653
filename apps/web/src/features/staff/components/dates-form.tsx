import type { StaffServiceRequest, StaffServiceRequestUpdate } from '@care/contract/staff';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '#app/lib/api-client.ts';
import { formatDate } from '#app/lib/date-time.ts';
import { notify } from '#app/lib/notify.ts';
import { useUpdateServiceRequest } from '../api.ts';
import { COMPLETION_PROBLEMS, dayInPoland } from '../completion-date.ts';

type DateField = 'estimatedCompletionDate' | 'completionDate';
const FIELDS: readonly DateField[] = ['estimatedCompletionDate', 'completionDate'];
/** The fields' labels: an error names the field by the label it has on the screen. */
const LABELS = {
  estimatedCompletionDate: 'services:fields.estimated-completion-date',
  completionDate: 'services:fields.completion-date',
} as const satisfies Record<DateField, string>;

interface DatesFormProps {
  serviceRequest: Pick<StaffServiceRequest, 'id' | 'reportDate' | DateField>;
}

/**
 * The estimated and the actual completion date (native date inputs: @mantine/dates is not installed, and a
 * phone's own date picker is the easiest in a yard). Only changed dates are sent; an emptied field clears its date.
 */
export function DatesForm({ serviceRequest }: DatesFormProps) {
  const { t } = useTranslation(['staff', 'services', 'errors', 'rating']);
  const saved = {
    estimatedCompletionDate: serviceRequest.estimatedCompletionDate ?? '',
    completionDate: serviceRequest.completionDate ?? '',
  };
  const [values, setValues] = useState(saved);
  // Saved dates that change under the form (this save, a colleague's) become its new starting point.
  const savedKey = `${saved.estimatedCompletionDate}|${saved.completionDate}`;
  const [shownKey, setShownKey] = useState(savedKey);
  if (shownKey !== savedKey) {
    setShownKey(savedKey);
    setValues(saved);
  }
  const [errors, setErrors] = useState<Partial<Record<DateField, string>>>({});
  const update = useUpdateServiceRequest(serviceRequest.id);
  const reportDay = formatDate(serviceRequest.reportDate);
  // The work cannot have been done on a day to come; an estimate can be.
  const today = dayInPoland(new Date());

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes: StaffServiceRequestUpdate = {};
    for (const field of FIELDS) if (values[field] !== saved[field]) changes[field] = values[field] || null;
    if (Object.keys(changes).length === 0) {
      notify('INFO', { title: t('dates.title'), message: t('unchanged') });
      return;
    }
    setErrors({});
    update.mutate(changes, {
      onSuccess: () => notify('SUCCESS', { title: t('dates.title'), message: t('dates.success') }),
      onError: (error) => {
        const body = error instanceof ApiRequestError ? error.body : null;
        const wrong = (body?.fields ?? []).map((f) => f.path).filter((p): p is DateField => p in saved);
        // Each wrong field is named under itself, with the day it may not precede.
        const tooEarly = body?.code === 'DATE_BEFORE_REPORT_DATE';
        const future = body?.fields?.some((f) => f.code === 'form.completion-date-future');
        const message = (field: DateField) =>
          tooEarly
            ? t('dates.before-report', { field: t(LABELS[field]), date: reportDay })
            : future
              ? t(COMPLETION_PROBLEMS.future)
              : error.message;
        setErrors(Object.fromEntries(wrong.map((field) => [field, message(field)])));
        notify('ERROR', {
          title: t('dates.error'),
          message: (tooEarly || future) && wrong.length === 1 ? message(wrong[0]!) : error.message,
        });
      },
    });
  };

  const input = (field: DateField) => (
    <TextInput
      type="date"
      label={t(LABELS[field])}
      name={field}
      value={values[field]}
      min={reportDay}
      max={field === 'completionDate' ? today : undefined}
      error={errors[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [field]: value }));
        setErrors((current) => ({ ...current, [field]: undefined }));
      }}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" style={{ alignItems: 'end' }}>
          {input('estimatedCompletionDate')}
          {input('completionDate')}
        </SimpleGrid>
        <Group>
          <Button
            type="submit"
            variant="light"
            loading={update.isPending}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            h={44}
          >
            {t('dates.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
