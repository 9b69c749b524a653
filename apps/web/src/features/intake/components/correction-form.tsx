import { INTAKE_TEXT_LIMITS, type RequestCorrection, RequestCorrectionSchema } from '@care/contract/intake';
import type { ServiceRequestElement } from '@care/contract/service-requests';
import { translate } from '@care/contract/translations';
import { Button, Group, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useZodForm } from '#app/components/form/use-zod-form.ts';
import { notify } from '#app/lib/notify.ts';
import { intakeMachinesQuery, useCorrectRequest } from '../api.ts';

const CorrectionFormSchema = RequestCorrectionSchema.pick({ reason: true }).extend({
  machineId: z.string(),
  transportType: z.string(),
  deliveryPlace: z.string(),
});

export interface CorrectedRequest {
  id: string;
  customerId: string;
  machineId: string;
  transportType: string | null;
  deliveryPlace: string | null;
}

interface CorrectionFormProps {
  request: CorrectedRequest;
  requestKey: QueryKey;
  transportTypes: readonly ServiceRequestElement[];
  deliveryPlaces: readonly ServiceRequestElement[];
  onDone: () => void;
}

/**
 * Correct the machine (another of the same customer's), the transport type or the delivery place, with a reason
 * for colleagues. Only what differs from the request is sent; the server keeps each change in the history.
 */
export function CorrectionForm({
  request,
  requestKey,
  transportTypes,
  deliveryPlaces,
  onDone,
}: CorrectionFormProps) {
  const { t, i18n } = useTranslation(['intake', 'services']);
  const machines = useQuery(intakeMachinesQuery(request.customerId)).data ?? [];
  const correct = useCorrectRequest(requestKey, request.id);
  const form = useZodForm(CorrectionFormSchema, {
    machineId: request.machineId,
    transportType: request.transportType ?? '',
    deliveryPlace: request.deliveryPlace ?? '',
    reason: '',
  });
  const choices = (elements: readonly ServiceRequestElement[]) =>
    elements.map((element) => ({ value: element.code, label: translate(element.label, i18n.language) }));
  const select = (field: 'machineId' | 'transportType' | 'deliveryPlace') => ({
    name: field,
    value: form.values[field] || null,
    onChange: (value: string | null) => form.setFieldValue(field, value ?? ''),
    comboboxProps: { withinPortal: true },
  });

  const submit = form.onSubmit((values) => {
    const correction: RequestCorrection = { reason: values.reason };
    if (values.machineId !== request.machineId) correction.machineId = values.machineId;
    if (values.transportType !== (request.transportType ?? ''))
      correction.transportType = values.transportType || null;
    if (values.deliveryPlace !== (request.deliveryPlace ?? ''))
      correction.deliveryPlace = values.deliveryPlace || null;
    correct.mutate(correction, {
      onSuccess: () => {
        notify('SUCCESS', { title: t('correct.title'), message: t('correct.success') });
        onDone();
      },
      onError: (error) => notify('ERROR', { title: t('correct.error'), message: error.message }),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label={t('services:fields.machine')}
          data={machines.map((machine) => ({
            value: machine.id,
            label: `${machine.name} (${machine.serialNumber})`,
          }))}
          allowDeselect={false}
          {...select('machineId')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('services:fields.transport-type')}
            placeholder={t('services:new.choice-placeholder')}
            data={choices(transportTypes)}
            clearable
            {...select('transportType')}
          />
          <Select
            label={t('services:fields.delivery-place')}
            placeholder={t('services:new.choice-placeholder')}
            data={choices(deliveryPlaces)}
            clearable
            {...select('deliveryPlace')}
          />
        </SimpleGrid>
        <Textarea
          label={t('correct.reason')}
          description={t('correct.reason-hint')}
          required
          autosize
          minRows={2}
          maxRows={6}
          maxLength={INTAKE_TEXT_LIMITS.reason}
          name="reason"
          value={form.values.reason}
          onChange={(event) => form.setFieldValue('reason', event.currentTarget.value)}
          error={form.errorOf('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" h={40} onClick={onDone} disabled={correct.isPending}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            h={40}
            loading={correct.isPending}
            leftSection={<IconPencil size={18} aria-hidden />}
          >
            {t('correct.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
