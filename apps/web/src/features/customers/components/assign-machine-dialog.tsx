import { MachineAssignmentSchema } from '@care/contract/customers';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '#app/components/form/use-zod-form.ts';
import { AppModal } from '#app/components/layout/app-modal.tsx';
import { ApiRequestError } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { useAssignMachine } from '../api.ts';

const FormSchema = MachineAssignmentSchema.pick({ serialNumber: true, reason: true });

interface AssignMachineDialogProps {
  customerId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Assign a machine by serial number with a reason. A machine of another customer is refused first; the dialog
 * then says so and offers the move explicitly (the same request with `move`), so nobody takes a machine by accident.
 */
export function AssignMachineDialog({ customerId, opened, onClose }: AssignMachineDialogProps) {
  const { t } = useTranslation(['customers', 'common']);
  const assign = useAssignMachine(customerId);
  const form = useZodForm(FormSchema, { serialNumber: '', reason: '' });
  const [ownedElsewhere, setOwnedElsewhere] = useState(false);
  const close = () => {
    form.reset();
    assign.reset();
    setOwnedElsewhere(false);
    onClose();
  };
  const submit = form.onSubmit((values) =>
    assign.mutate(
      { ...values, move: ownedElsewhere },
      {
        onSuccess: () => {
          notify('SUCCESS', {
            message: t('machines.assigned', { serialNumber: values.serialNumber.trim() }),
          });
          close();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.body?.code === 'MACHINE_OWNED_BY_ANOTHER')
            setOwnedElsewhere(true);
        },
      },
    ),
  );
  const error = assign.error && !ownedElsewhere ? assign.error.message : null;
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('machines.assign')}
      closeLabel={t('common:actions.close')}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t('machines.serial-number')}
            required
            spellCheck={false}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('serialNumber')}
            onChange={(event) => {
              setOwnedElsewhere(false);
              form.setFieldValue('serialNumber', event.currentTarget.value);
            }}
          />
          <Textarea
            label={t('reason.label')}
            description={t('reason.hint')}
            required
            autosize
            minRows={2}
            maxRows={6}
            name="reason"
            value={form.values.reason}
            error={form.errorOf('reason')}
            onChange={(event) => form.setFieldValue('reason', event.currentTarget.value)}
          />
          {ownedElsewhere ? (
            <Alert color="yellow" variant="light" role="alert" title={t('machines.owned-elsewhere-title')}>
              {t('machines.owned-elsewhere')}
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={assign.isPending} color={ownedElsewhere ? 'red.9' : undefined}>
              {ownedElsewhere ? t('machines.move') : t('machines.assign-submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
