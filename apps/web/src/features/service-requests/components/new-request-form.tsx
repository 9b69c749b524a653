import type { FieldError } from '@care/contract/errors';
import { ID_PATTERN } from '@care/contract/paging';
import {
  type NewServiceRequestFields,
  NewServiceRequestFieldsSchema,
  SERVICE_REQUEST_TEXT_LIMITS,
  type ServiceRequestElement,
} from '@care/contract/service-requests';
import { translate } from '@care/contract/translations';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import {
  IconAlertCircle,
  IconClipboardText,
  IconInfoCircle,
  IconPaperclip,
  IconTruck,
} from '@tabler/icons-react';
import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useServerFieldErrors } from '#app/components/form/server-field-errors.ts';
import { useZodForm } from '#app/components/form/use-zod-form.ts';
import { SectionCard } from '#app/components/layout/section-card.tsx';

/** The form's own schema: the contract's, with "choose a machine" as the message of an empty machine. */
const NewRequestFormSchema = NewServiceRequestFieldsSchema.extend({
  machineId: z.string().regex(ID_PATTERN, 'form.required'),
});

export interface MachineChoice {
  value: string;
  label: string;
}

interface NewRequestFormProps {
  machines: readonly MachineChoice[];
  transportTypes: readonly ServiceRequestElement[];
  deliveryPlaces: readonly ServiceRequestElement[];
  initialMachineId?: string;
  /** The attachments field (the uploads feature), placed in its own section of the form. */
  attachments: ReactNode;
  onSubmit: (fields: NewServiceRequestFields) => void;
  onCancel: () => void;
  pending: boolean;
  /** Why the last send failed; everything typed and picked stays for the next one. */
  failure?: string | null;
  serverErrors?: FieldError[];
}

const NO_ERRORS: FieldError[] = [];

/**
 * SPEC §2/§5 new service request: the machine, the problem description (required), transport type and delivery
 * place (the server's choices, in the current language), comments and attachments.
 */
export function NewRequestForm({
  machines,
  transportTypes,
  deliveryPlaces,
  initialMachineId,
  attachments,
  onSubmit,
  onCancel,
  pending,
  failure,
  serverErrors = NO_ERRORS,
}: NewRequestFormProps) {
  const { t, i18n } = useTranslation('services');
  const only = machines.length === 1 ? machines[0]!.value : '';
  const known = machines.some((machine) => machine.value === initialMachineId);
  const form = useZodForm(NewRequestFormSchema, {
    machineId: known && initialMachineId ? initialMachineId : only,
    problemDescription: '',
    transportType: '',
    deliveryPlace: '',
    comments: '',
  });
  const { withServerError, markSent } = useServerFieldErrors(serverErrors, form.values);
  const choices = (elements: readonly ServiceRequestElement[]) =>
    elements.map((element) => ({ value: element.code, label: translate(element.label, i18n.language) }));
  const textProps = (field: 'problemDescription' | 'comments') =>
    withServerError(field, {
      name: field,
      error: form.errorOf(field),
      value: form.values[field] ?? '',
      onChange: (event: ChangeEvent<HTMLTextAreaElement>) =>
        form.setFieldValue(field, event.currentTarget.value),
    });
  const selectProps = (field: 'machineId' | 'transportType' | 'deliveryPlace') => ({
    ...withServerError(field, { error: form.errorOf(field) }),
    name: field,
    value: form.values[field] || null,
    onChange: (value: string | null) => form.setFieldValue(field, value ?? ''),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((fields) => {
        markSent(form.values);
        onSubmit(fields);
      })}
    >
      <Stack gap="lg">
        <SectionCard icon={IconClipboardText} title={t('new.section-problem')}>
          <Stack gap="md">
            <Select
              label={t('fields.machine')}
              placeholder={t('new.machine-placeholder')}
              data={machines as MachineChoice[]}
              required
              searchable={machines.length > 7}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...selectProps('machineId')}
            />
            <Textarea
              label={t('fields.problem-description')}
              description={t('new.problem-hint')}
              required
              autosize
              minRows={4}
              maxRows={14}
              maxLength={SERVICE_REQUEST_TEXT_LIMITS.problemDescription}
              {...textProps('problemDescription')}
            />
          </Stack>
        </SectionCard>
        <SectionCard icon={IconTruck} title={t('new.section-delivery')}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={t('fields.transport-type')}
                placeholder={t('new.choice-placeholder')}
                data={choices(transportTypes)}
                clearable
                {...selectProps('transportType')}
              />
              <Select
                label={t('fields.delivery-place')}
                placeholder={t('new.choice-placeholder')}
                data={choices(deliveryPlaces)}
                clearable
                {...selectProps('deliveryPlace')}
              />
            </SimpleGrid>
            <Textarea
              label={t('fields.comments')}
              description={t('new.comments-hint')}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={SERVICE_REQUEST_TEXT_LIMITS.comments}
              {...textProps('comments')}
            />
          </Stack>
        </SectionCard>
        <SectionCard
          icon={IconPaperclip}
          title={t('new.section-files')}
          description={t('new.section-files-description')}
        >
          {attachments}
        </SectionCard>
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('new.immutable')}
        </Alert>
        {failure ? (
          <Alert variant="light" color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {t('new.failed', { reason: failure })}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" h={40} onClick={onCancel} disabled={pending}>
            {t('new.cancel')}
          </Button>
          <Button type="submit" h={40} loading={pending}>
            {t('new.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
