import {
  StaffAccountCreateSchema,
  STAFF_ROLES,
  type StaffAccountCreate,
} from '@care/contract/staff-accounts';
import { LANGUAGES } from '@care/contract/locales';
import type { FieldError } from '@care/contract/errors';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useServerFieldErrors } from '#app/components/form/server-field-errors.ts';
import { useZodForm } from '#app/components/form/use-zod-form.ts';

interface CreateStaffAccountFormProps {
  onSubmit: (data: StaffAccountCreate) => void;
  onCancel: () => void;
  pending: boolean;
  serverErrors: FieldError[];
}

/** A new staff account: who, which role, which language their e-mail and screens start in. */
export function CreateStaffAccountForm({
  onSubmit,
  onCancel,
  pending,
  serverErrors,
}: CreateStaffAccountFormProps) {
  const { t } = useTranslation(['staff-accounts', 'common']);
  const form = useZodForm(StaffAccountCreateSchema, {
    email: '',
    firstName: '',
    lastName: '',
    role: 'service',
    language: 'pl',
  });
  const { withServerError, markSent } = useServerFieldErrors(serverErrors, form.values);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((data) => {
        markSent(form.values);
        onSubmit(data);
      })}
    >
      <Stack gap="md">
        <TextInput
          label={t('create.email')}
          type="email"
          autoComplete="off"
          required
          data-autofocus
          {...withServerError('email', form.getInputProps('email'))}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t('create.first-name')} required {...form.getInputProps('firstName')} />
          <TextInput label={t('create.last-name')} required {...form.getInputProps('lastName')} />
          <Select
            label={t('create.role')}
            data={STAFF_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
            allowDeselect={false}
            {...form.getInputProps('role')}
            onChange={(value) => form.setFieldValues({ role: value ?? 'service' })}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('create.language')}
            description={t('create.language-description')}
            data={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
            allowDeselect={false}
            {...form.getInputProps('language')}
            onChange={(value) => form.setFieldValues({ language: value ?? 'pl' })}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} leftSection={<IconUserPlus size={18} aria-hidden />}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
