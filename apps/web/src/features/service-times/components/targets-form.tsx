import {
  SERVICE_TIME_LIMITS,
  type ServiceTimeTargets,
  type ServiceTimeTargetValues,
} from '@care/contract/service-times';
import { SERVICE_REQUEST_PRIORITIES } from '@care/contract/staff-desk-fields';
import { Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '#app/lib/notify.ts';
import { useUpdateServiceTimeTargets } from '../api.ts';
import { checkTargets, type TargetField, type TargetFormValues } from '../target-form-values.ts';

/** A field's priority and target. */
const partsOf = (field: TargetField) =>
  field.split('.') as [keyof ServiceTimeTargets, keyof ServiceTimeTargetValues];

/** Most urgent first, as staff think of them. */
const PRIORITIES = [...SERVICE_REQUEST_PRIORITIES].reverse();

/**
 * The admin's service times: per priority, whole working hours to the first reply and working days to completion.
 * Checked by the contract's schema before sending (the server checks again); a wrong field says why and takes the
 * focus.
 */
export function TargetsForm({ targets }: { targets: ServiceTimeTargets }) {
  const { t } = useTranslation(['service-times', 'staff-desk', 'validation']);
  const update = useUpdateServiceTimeTargets();
  const [values, setValues] = useState<TargetFormValues>(targets);
  const [errors, setErrors] = useState<Partial<Record<TargetField, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (field: TargetField, value: number | string) => {
    const [priority, key] = partsOf(field);
    const next = { ...values, [priority]: { ...values[priority], [key]: value } };
    setValues(next);
    if (submitted) setErrors(checkTargets(next).errors ?? {});
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = checkTargets(values);
    const wrong = checked.errors;
    if (wrong) {
      setErrors(wrong);
      // The first wrong field on the screen (the schema's issues come in its own order).
      const fields = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input[name]')];
      fields.find((input) => input.name in wrong)?.focus();
      return;
    }
    setErrors({});
    update.mutate(checked.targets, {
      onSuccess: () => notify('SUCCESS', { title: t('title'), message: t('saved') }),
    });
  };

  const input = (field: TargetField, label: string) => (
    <NumberInput
      name={field}
      label={label}
      min={SERVICE_TIME_LIMITS[partsOf(field)[1]].min}
      max={SERVICE_TIME_LIMITS[partsOf(field)[1]].max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      value={values[partsOf(field)[0]][partsOf(field)[1]]}
      onChange={(value) => change(field, value)}
      error={errors[field] ? t(`validation:${errors[field]}`) : undefined}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {PRIORITIES.map((priority) => (
          <Fieldset key={priority} legend={t(`staff-desk:priority.${priority}`)}>
            <Stack gap="xs">
              {input(`${priority}.firstReplyHours`, t('first-reply-hours'))}
              {input(`${priority}.completionDays`, t('completion-days'))}
            </Stack>
          </Fieldset>
        ))}
      </SimpleGrid>
      <Group mt="md" gap="md">
        <Button type="submit" loading={update.isPending}>
          {t('save')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('working-time')}
        </Text>
      </Group>
    </form>
  );
}
