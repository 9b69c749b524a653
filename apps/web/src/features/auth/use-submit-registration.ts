import type { RegistrationB2CRequest, RegistrationRequest } from '@care/contract/auth';
import type { FieldError } from '@care/contract/errors';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '#app/config/paths.ts';
import { ApiRequestError, fieldErrorsOf } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { captchaQuery, useRegister, useRegisterB2C } from './api.ts';
import { clearDraft, DRAFT_KEYS } from './registration-draft.ts';
import { useCaptcha } from './use-captcha.tsx';

/** SPEC §8: a failed registration stays on screen for 10 s. */
const FAILURE_AUTO_CLOSE = 10_000;

type Payload<K> = K extends 'registration'
  ? Omit<RegistrationRequest, 'captchaResponse'>
  : Omit<RegistrationB2CRequest, 'captchaResponse'>;

/**
 * The submission both registration screens share (SPEC §4/§5/§8): the captcha check, the call, then the
 * success notice, the draft removed and back to sign-in; or the server's field errors on the fields and the
 * error as a notice for 10 s.
 */
export function useSubmitRegistration<K extends 'registration' | 'registrationB2C'>(kind: K) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const register = useRegister();
  const registerB2C = useRegisterB2C();
  const mutation = kind === 'registration' ? register : registerB2C;
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);

  const captcha = useCaptcha();

  const submit = async (payload: Payload<K>) => {
    const captchaResponse = captcha.response;
    // Asked at submit, not at render, so a fast click cannot pass before the answer is in.
    const challenge = await queryClient.ensureQueryData(captchaQuery).catch(() => null);
    if (challenge?.required && !captchaResponse) {
      notify('WARNING', { message: t('validation:form.captcha-required') });
      return;
    }
    setFieldErrors([]);
    const onSuccess = async () => {
      clearDraft(DRAFT_KEYS[kind]);
      notify('SUCCESS', { message: t('auth:register-success-message') });
      await navigate(paths.login);
    };
    const onError = (error: Error) => {
      setFieldErrors(
        fieldErrorsOf(error).map((field) =>
          field.path === 'username' ? { ...field, path: 'email' } : field,
        ),
      );
      const message = error instanceof ApiRequestError ? error.message : t('errors:unexpected');
      notify('ERROR', { message, autoClose: FAILURE_AUTO_CLOSE });
      captcha.renew();
    };
    if (kind === 'registration') {
      register.mutate({ ...(payload as Payload<'registration'>), captchaResponse }, { onSuccess, onError });
    } else {
      registerB2C.mutate(
        { ...(payload as Payload<'registrationB2C'>), captchaResponse },
        { onSuccess, onError },
      );
    }
  };

  return { submit, pending: mutation.isPending, fieldErrors, captchaField: captcha.field };
}
