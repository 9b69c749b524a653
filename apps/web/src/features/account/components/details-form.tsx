import { LIMITS } from '@care/contract/limits';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useZodForm } from '#app/components/form/use-zod-form.ts';

/** SPEC §5 rules for names and phone, as at registration. Moves to the contract with api/user/details. */
export const DetailsFormSchema = z.object({
  firstName: z.string().trim().min(LIMITS.nameMinLength, 'form.min-length').max(100, 'form.max-length'),
  lastName: z.string().trim().min(LIMITS.nameMinLength, 'form.min-length').max(100, 'form.max-length'),
  email: z.string(),
  phone: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^(\\d{${LIMITS.phoneLength}})?$`), 'form.wrong-phone')),
});
export type DetailsFormInput = z.input<typeof DetailsFormSchema>;
export type DetailsForm = z.output<typeof DetailsFormSchema>;

interface DetailsFormProps {
  initialValues: DetailsFormInput;
  onSubmit: (form: DetailsForm) => void;
}

export function DetailsForm({ initialValues, onSubmit }: DetailsFormProps) {
  const { t } = useTranslation('layout');
  const form = useZodForm(DetailsFormSchema, initialValues);
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('account.details.first-name')}
            autoComplete="given-name"
            required
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('account.details.last-name')}
            autoComplete="family-name"
            required
            {...form.getInputProps('lastName')}
          />
          <TextInput
            label={t('account.details.email')}
            description={t('account.details.email-hint')}
            readOnly
            variant="filled"
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('account.details.phone')}
            description={t('account.details.phone-hint')}
            type="tel"
            autoComplete="tel-national"
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" h={40}>
            {t('account.details.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
