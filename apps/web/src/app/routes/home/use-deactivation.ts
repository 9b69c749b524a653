import type { FieldError } from '@care/contract/errors';
import type { DeactivationRequest } from '@care/contract/user';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '#app/config/paths.ts';
import { useDeactivateAccount } from '#app/features/account/api.ts';
import { signOut } from '#app/features/auth/sign-out.ts';
import { fieldErrorsOf } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';

/** Deactivation: the call, then this browser signed out like at logout, the notice, and back to sign-in. */
export function useDeactivation() {
  const { t } = useTranslation(['layout', 'errors']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const deactivate = useDeactivateAccount();
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const onConfirm = (body: DeactivationRequest) => {
    setServerErrors([]);
    deactivate.mutate(body, {
      onSuccess: async () => {
        await signOut(client);
        notify('SUCCESS', { title: t('account.deactivate.title'), message: t('account.deactivate.success') });
        await navigate(paths.login, { replace: true });
      },
      onError: (error) => {
        setServerErrors(fieldErrorsOf(error));
        notify('ERROR', { title: t('account.deactivate.title'), message: t('errors:account.deactivate') });
      },
    });
  };
  return { onConfirm, pending: deactivate.isPending, serverErrors };
}
