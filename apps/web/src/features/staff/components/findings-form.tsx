import {
  STAFF_TEXT_LIMITS,
  type StaffServiceRequest,
  type StaffServiceRequestUpdate,
} from '@care/contract/staff';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '#app/lib/notify.ts';
import { useUpdateServiceRequest } from '../api.ts';

type TextField = 'serviceOpinion' | 'additionalParts';
const FIELDS: readonly TextField[] = ['serviceOpinion', 'additionalParts'];

interface FindingsFormProps {
  serviceRequest: Pick<StaffServiceRequest, 'id' | TextField>;
}

/** The service opinion and the additional parts, which the customer reads on their request. */
export function FindingsForm({ serviceRequest }: FindingsFormProps) {
  const { t } = useTranslation(['staff', 'services']);
  const saved = {
    serviceOpinion: serviceRequest.serviceOpinion ?? '',
    additionalParts: serviceRequest.additionalParts ?? '',
  };
  const [values, setValues] = useState(saved);
  // Texts saved under the form (this save, a colleague's) become its new starting point.
  const savedKey = JSON.stringify(saved);
  const [shownKey, setShownKey] = useState(savedKey);
  if (shownKey !== savedKey) {
    setShownKey(savedKey);
    setValues(saved);
  }
  const update = useUpdateServiceRequest(serviceRequest.id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes: StaffServiceRequestUpdate = {};
    for (const field of FIELDS) if (values[field].trim() !== saved[field]) changes[field] = values[field];
    if (Object.keys(changes).length === 0) {
      notify('INFO', { title: t('findings.title'), message: t('unchanged') });
      return;
    }
    update.mutate(changes, {
      onSuccess: () => notify('SUCCESS', { title: t('findings.title'), message: t('findings.success') }),
      onError: (error) => notify('ERROR', { title: t('findings.error'), message: error.message }),
    });
  };

  const input = (field: TextField, label: string) => (
    <Textarea
      label={label}
      name={field}
      value={values[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [field]: value }));
      }}
      maxLength={STAFF_TEXT_LIMITS[field]}
      autosize
      minRows={3}
      maxRows={12}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {input('serviceOpinion', t('services:fields.service-opinion'))}
        {input('additionalParts', t('services:fields.additional-parts'))}
        <Group>
          <Button
            type="submit"
            variant="light"
            loading={update.isPending}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            h={44}
          >
            {t('findings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
