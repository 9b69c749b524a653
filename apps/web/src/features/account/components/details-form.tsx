import type { FieldError } from '@care/contract/errors';
import { type UserDetailsUpdate, UserDetailsUpdateSchema } from '@care/contract/user';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useServerFieldErrors } from '#app/components/form/server-field-errors.ts';
import { useZodForm, type FormInput } from '#app/components/form/use-zod-form.ts';

/** The editable details; the e-mail is the sign-in name and only shown. */
export const DetailsFormSchema = UserDetailsUpdateSchema.pick({
  firstName: true,
  lastName: true,
  phone: true,
  peselOrNip: true,
}).required();
export type DetailsFormInput = FormInput<typeof DetailsFormSchema>;

const NO_ERRORS: FieldError[] = [];

interface DetailsFormProps {
  email: string;
  initialValues: DetailsFormInput;
  onSubmit: (form: UserDetailsUpdate) => void;
  pending?: boolean;
  serverErrors?: FieldError[];
}

export function DetailsForm({
  email,
  initialValues,
  onSubmit,
  pending = false,
  serverErrors = NO_ERRORS,
}: DetailsFormProps) {
  const { t } = useTranslation('layout');
  const form = useZodForm(DetailsFormSchema, initialValues);
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
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('account.details.first-name')}
            autoComplete="given-name"
            required
            {...withServerError('firstName', form.getInputProps('firstName'))}
          />
          <TextInput
            label={t('account.details.last-name')}
            autoComplete="family-name"
            required
            {...withServerError('lastName', form.getInputProps('lastName'))}
          />
          <TextInput
            label={t('account.details.email')}
            description={t('account.details.email-hint')}
            value={email}
            readOnly
            variant="filled"
          />
          <TextInput
            label={t('account.details.phone')}
            description={t('account.details.phone-hint')}
            type="tel"
            autoComplete="tel-national"
            {...withServerError('phone', form.getInputProps('phone'))}
          />
          <TextInput
            label={t('account.details.pesel-or-nip')}
            description={t('account.details.pesel-or-nip-hint')}
            inputMode="numeric"
            {...withServerError('peselOrNip', form.getInputProps('peselOrNip'))}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" h={40} loading={pending}>
            {t('account.details.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
