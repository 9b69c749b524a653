import type { FieldError } from '@care/contract/errors';
import { RegistrationFormSchema, type RegistrationForm as RegistrationData } from '@care/contract/auth';
import { Button, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '#app/components/form/password-field.tsx';
import { useSearchParams } from 'react-router';
import { useZodForm } from '#app/components/form/use-zod-form.ts';
import { DRAFT_KEYS, initialDraftValues, useDraftPersistence } from '../registration-draft.ts';
import { useServerFieldErrors } from '#app/components/form/server-field-errors.ts';
import { ConsentFields } from './consent-fields.tsx';

const NO_ERRORS: FieldError[] = [];

const EMPTY = {
  personFirstName: '',
  personLastName: '',
  email: '',
  phone: '',
  peselOrNip: '',
  machineNumber: '',
  password: '',
  confirmPassword: '',
  rulesAgreementChecked: false,
  marketingAgreementChecked: false,
};

/** SPEC §5: the query parameters that prefill the form. */
const PREFILL = {
  name: 'personFirstName',
  lastname: 'personLastName',
  email: 'email',
  phone: 'phone',
} as const;

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset
      variant="unstyled"
      m={0}
      legend={
        <Text component="span" fw={700} fz="md">
          {legend}
        </Text>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" mt="xs">
        {children}
      </SimpleGrid>
    </Fieldset>
  );
}

interface RegistrationFormProps {
  /** The captcha widget (CaptchaField), shown above the submit button. */
  captcha?: ReactNode;
  onSubmit: (data: RegistrationData) => void;
  pending?: boolean;
  /** Field errors of the last submission, from the server. */
  serverErrors?: FieldError[];
}

/** SPEC §3/§5 self-registration of a machine owner. */
export function RegistrationForm({
  onSubmit,
  pending = false,
  serverErrors = NO_ERRORS,
  captcha,
}: RegistrationFormProps) {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const [initialValues] = useState(() =>
    initialDraftValues(DRAFT_KEYS.registration, EMPTY, searchParams, PREFILL),
  );
  const form = useZodForm(RegistrationFormSchema, initialValues);
  const { withServerError, markSent } = useServerFieldErrors(serverErrors, form.values);
  useDraftPersistence(DRAFT_KEYS.registration, form.values);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((data) => {
        markSent(form.values);
        onSubmit(data);
      })}
    >
      <Stack gap="xl">
        <Section legend={t('register.sections.person')}>
          <TextInput
            label={t('register.first-name')}
            autoComplete="given-name"
            required
            size="md"
            {...withServerError('personFirstName', form.getInputProps('personFirstName'))}
          />
          <TextInput
            label={t('register.last-name')}
            autoComplete="family-name"
            required
            size="md"
            {...withServerError('personLastName', form.getInputProps('personLastName'))}
          />
          <TextInput
            label={t('register.email')}
            description={t('register.email-description')}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            required
            size="md"
            {...withServerError('email', form.getInputProps('email'))}
          />
          <TextInput
            label={t('register.phone')}
            description={t('register.phone-description')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            required
            size="md"
            {...withServerError('phone', form.getInputProps('phone'))}
          />
        </Section>
        <Section legend={t('register.sections.machine')}>
          <TextInput
            label={t('register.machine-number')}
            description={t('register.machine-number-description')}
            autoComplete="off"
            spellCheck={false}
            required
            size="md"
            {...withServerError('machineNumber', form.getInputProps('machineNumber'))}
          />
          <TextInput
            label={t('register.pesel-or-nip')}
            description={t('register.pesel-or-nip-description')}
            inputMode="numeric"
            autoComplete="off"
            size="md"
            {...withServerError('peselOrNip', form.getInputProps('peselOrNip'))}
          />
        </Section>
        <Section legend={t('register.sections.password')}>
          <PasswordField
            label={t('register.password')}
            description={t('register.password-description')}
            autoComplete="new-password"
            required
            size="md"
            {...withServerError('password', form.getInputProps('password'))}
          />
          <PasswordField
            label={t('register.confirm-password')}
            description={t('register.confirm-password-description')}
            autoComplete="new-password"
            required
            size="md"
            {...withServerError('confirmPassword', form.getInputProps('confirmPassword'))}
          />
        </Section>
        <ConsentFields
          rules={withServerError(
            'rulesAgreementChecked',
            form.getInputProps('rulesAgreementChecked', { type: 'checkbox' }),
          )}
          marketing={withServerError(
            'marketingAgreementChecked',
            form.getInputProps('marketingAgreementChecked', { type: 'checkbox' }),
          )}
          onSelectAll={(checked) =>
            form.setFieldValues({ rulesAgreementChecked: checked, marketingAgreementChecked: checked })
          }
        />
        {captcha}
        <Button
          type="submit"
          size="md"
          loading={pending}
          leftSection={<IconUserPlus size={20} aria-hidden />}
        >
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
