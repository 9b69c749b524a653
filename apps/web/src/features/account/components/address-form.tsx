import type { FieldError } from '@care/contract/errors';
import { POSTAL_CODE_EXAMPLES } from '@care/contract/postal-codes';
import { type Address, type AddressUpdate, AddressUpdateSchema } from '@care/contract/user';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerFieldErrors } from '#app/components/form/server-field-errors.ts';
import { useZodForm } from '#app/components/form/use-zod-form.ts';

/** Where the maker's customers live and where parts are sent: the EU and its neighbours, Poland and Germany first. */
const COUNTRY_CODES = [
  'PL',
  'DE',
  'AT',
  'BE',
  'BG',
  'CH',
  'CZ',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MD',
  'NL',
  'NO',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'UA',
] as const;

const NO_ERRORS: FieldError[] = [];

/** Country names in the page's language; the two home markets stay on top. */
function useCountryOptions(language: string, current: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const codes: string[] =
      COUNTRY_CODES.includes(current as never) || !current ? [...COUNTRY_CODES] : [...COUNTRY_CODES, current];
    const [home, rest] = [codes.slice(0, 2), codes.slice(2)];
    const option = (code: string) => ({ value: code, label: names.of(code) ?? code });
    return [
      ...home.map(option),
      ...rest.map(option).sort((a, b) => a.label.localeCompare(b.label, language)),
    ];
  }, [language, current]);
}

interface AddressFormProps {
  initialValues: Address;
  onSubmit: (form: AddressUpdate) => void;
  pending?: boolean;
  serverErrors?: FieldError[];
}

/** SPEC §3 leaves the address fields out; these are the postal ones (the contract's AddressSchema). */
export function AddressForm({
  initialValues,
  onSubmit,
  pending = false,
  serverErrors = NO_ERRORS,
}: AddressFormProps) {
  const { t, i18n } = useTranslation('layout');
  const form = useZodForm(AddressUpdateSchema, {
    ...initialValues,
    countryCode: initialValues.countryCode || 'PL',
  });
  const { withServerError, markSent } = useServerFieldErrors(serverErrors, form.values);
  const countries = useCountryOptions(i18n.language, form.values.countryCode);
  const field = (name: keyof AddressUpdate) => withServerError(name, form.getInputProps(name));
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
          label={t('account.address.company')}
          description={t('account.address.company-hint')}
          autoComplete="organization"
          {...field('companyName')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput label={t('account.address.street')} autoComplete="address-line1" {...field('street')} />
          <TextInput label={t('account.address.house-number')} {...field('houseNumber')} />
          <TextInput label={t('account.address.apartment-number')} {...field('apartmentNumber')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput
            label={t('account.address.postal-code')}
            autoComplete="postal-code"
            // The chosen country's format; a wrong code's error names it too (contract postal-codes.ts).
            placeholder={POSTAL_CODE_EXAMPLES[form.values.countryCode]}
            {...field('postalCode')}
          />
          <TextInput label={t('account.address.city')} autoComplete="address-level2" {...field('city')} />
          <Select
            label={t('account.address.country')}
            data={countries}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('account.address.country-not-found')}
            autoComplete="country"
            name="countryCode"
            value={form.values.countryCode}
            onChange={(value) => form.setFieldValue('countryCode', value ?? '')}
            error={withServerError('countryCode', { error: form.errorOf('countryCode') }).error}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" h={40} loading={pending}>
            {t('account.address.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
