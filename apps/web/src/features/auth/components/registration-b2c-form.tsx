import type { FieldError } from '@care/contract/errors';
import {
  RegistrationB2CFormSchema,
  type RegistrationB2CForm as RegistrationB2CData,
} from '@care/contract/auth';
import { Button, Stack, TextInput } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
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
  email: '',
  machineNumber: '',
  password: '',
  rulesAgreementChecked: false,
  marketingAgreementChecked: false,
};

interface RegistrationB2CFormProps {
  /** The captcha widget (CaptchaField), shown above the submit button. */
  captcha?: ReactNode;
  onSubmit: (data: RegistrationB2CData) => void;
  pending?: boolean;
  /** Field errors of the last submission, from the server. */
  serverErrors?: FieldError[];
}

/** SPEC §2/§5: link an online-store (B2C) account; only the e-mail is prefilled from the address. */
export function RegistrationB2CForm({
  onSubmit,
  pending = false,
  serverErrors = NO_ERRORS,
  captcha,
}: RegistrationB2CFormProps) {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const [initialValues] = useState(() =>
    initialDraftValues(DRAFT_KEYS.registrationB2C, EMPTY, searchParams, { email: 'email' }),
  );
  const form = useZodForm(RegistrationB2CFormSchema, initialValues);
  const { withServerError, markSent } = useServerFieldErrors(serverErrors, form.values);
  useDraftPersistence(DRAFT_KEYS.registrationB2C, form.values);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((data) => {
        markSent(form.values);
        onSubmit(data);
      })}
    >
      <Stack gap="lg">
        <TextInput
          label={t('b2c.email')}
          description={t('b2c.email-description')}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          required
          size="md"
          {...withServerError('email', form.getInputProps('email'))}
        />
        <PasswordField
          label={t('b2c.password')}
          description={t('b2c.password-description')}
          autoComplete="new-password"
          required
          size="md"
          {...withServerError('password', form.getInputProps('password'))}
        />
        <TextInput
          label={t('b2c.machine-number')}
          description={t('register.machine-number-description')}
          autoComplete="off"
          spellCheck={false}
          required
          size="md"
          {...withServerError('machineNumber', form.getInputProps('machineNumber'))}
        />
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
          fullWidth
          loading={pending}
          leftSection={<IconLink size={20} aria-hidden />}
        >
          {t('b2c.submit')}
        </Button>
      </Stack>
    </form>
  );
}
