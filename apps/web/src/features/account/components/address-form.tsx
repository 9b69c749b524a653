import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useZodForm } from '#app/components/form/use-zod-form.ts';

/** SPEC §3 leaves the address fields out; these are the postal ones (DESIGN: designed where "not shown"). */
export const AddressFormSchema = z.object({
  street: z.string().trim().max(200, 'form.max-length'),
  postalCode: z.string().trim().max(16, 'form.max-length'),
  city: z.string().trim().max(100, 'form.max-length'),
  country: z.string().trim().max(100, 'form.max-length'),
});
export type AddressForm = z.output<typeof AddressFormSchema>;

const EMPTY_ADDRESS: AddressForm = { street: '', postalCode: '', city: '', country: '' };

export function AddressForm({ onSubmit }: { onSubmit: (form: AddressForm) => void }) {
  const { t } = useTranslation('layout');
  const form = useZodForm(AddressFormSchema, EMPTY_ADDRESS);
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('account.address.street')}
          autoComplete="street-address"
          {...form.getInputProps('street')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput
            label={t('account.address.postal-code')}
            autoComplete="postal-code"
            {...form.getInputProps('postalCode')}
          />
          <TextInput
            label={t('account.address.city')}
            autoComplete="address-level2"
            {...form.getInputProps('city')}
          />
          <TextInput
            label={t('account.address.country')}
            autoComplete="country-name"
            {...form.getInputProps('country')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" h={40}>
            {t('account.address.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
