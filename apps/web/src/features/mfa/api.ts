import { mfaEndpoints, type SecondFactorRequest, type SecuritySettings } from '@care/contract/mfa';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#app/lib/api-client.ts';
import { createPasskey, getPasskey } from './webauthn.ts';

export const mfaKeys = {
  all: ['mfa'] as const,
  status: () => [...mfaKeys.all, 'status'] as const,
  security: () => [...mfaKeys.all, 'admin-security'] as const,
};

/** GET api/user/mfa: the account's passkeys, TOTP and recovery codes left. */
export const mfaStatusQuery = queryOptions({
  queryKey: mfaKeys.status(),
  queryFn: ({ signal }) => callApi(mfaEndpoints.status, {}, { signal }),
});

/** GET api/admin/security. */
export const securitySettingsQuery = queryOptions({
  queryKey: mfaKeys.security(),
  queryFn: ({ signal }) => callApi(mfaEndpoints.getSecuritySettings, {}, { signal }),
});

function useStatusChange<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status() }),
  });
}

/** The browser's passkey ceremony with the server's options, then the new passkey kept under its name. */
export function useAddPasskey() {
  return useStatusChange(async (name: string) => {
    const options = await callApi(mfaEndpoints.passkeyRegistrationOptions, {});
    const response = await createPasskey(options);
    return callApi(mfaEndpoints.addPasskey, { body: { name, response } });
  });
}

export function useRenamePasskey() {
  return useStatusChange(({ id, name }: { id: string; name: string }) =>
    callApi(mfaEndpoints.renamePasskey, { params: { id }, body: { name } }),
  );
}

export function useRemovePasskey() {
  return useStatusChange(({ id, password }: { id: string; password: string }) =>
    callApi(mfaEndpoints.removePasskey, { params: { id }, body: { password } }, { silent: true }),
  );
}

export function useStartTotp() {
  return useMutation({
    mutationFn: () => callApi(mfaEndpoints.startTotp, {}),
  });
}

export function useConfirmTotp() {
  return useStatusChange((code: string) =>
    callApi(mfaEndpoints.confirmTotp, { body: { code } }, { silent: true }),
  );
}

export function useRemoveTotp() {
  return useStatusChange((password: string) =>
    callApi(mfaEndpoints.removeTotp, { body: { password } }, { silent: true }),
  );
}

export function useRenewRecoveryCodes() {
  return useStatusChange((password: string) =>
    callApi(mfaEndpoints.renewRecoveryCodes, { body: { password } }, { silent: true }),
  );
}

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => callApi(mfaEndpoints.updateSecuritySettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(mfaKeys.security(), saved),
  });
}

/** POST auth/second-factor/options: the factors the second step offers. */
export const secondFactorOptions = () => callApi(mfaEndpoints.secondFactorOptions, {}, { silent: true });

/** POST auth/second-factor with a code, or with the passkey ceremony run on the options given. */
export function useCompleteSecondFactor() {
  return useMutation({
    mutationFn: async (
      input: Exclude<SecondFactorRequest, { method: 'passkey' }> | { method: 'passkey' },
    ) => {
      let body: SecondFactorRequest;
      if (input.method === 'passkey') {
        const { passkey } = await secondFactorOptions();
        if (!passkey) throw new Error('no passkey');
        body = { method: 'passkey', response: await getPasskey(passkey) };
      } else body = input;
      await callApi(mfaEndpoints.completeSecondFactor, { body }, { silent: true });
    },
  });
}

/** Sign-in with a passkey and no e-mail: the options, the browser's ceremony, the session. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async () => {
      const options = await callApi(mfaEndpoints.passkeyOptions, {}, { silent: true });
      const response = await getPasskey(options);
      return callApi(mfaEndpoints.passkeySignIn, { body: { response, remember: false } }, { silent: true });
    },
  });
}
