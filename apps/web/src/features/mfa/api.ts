import {
  LoginResponseSchema,
  MfaStatusSchema,
  PasskeyOptionsSchema,
  RecoveryCodesSchema,
  type SecondFactorRequest,
  SecondFactorOptionsSchema,
  type SecuritySettings,
  SecuritySettingsSchema,
  TotpSetupSchema,
} from '@care/contract/mfa';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '#app/lib/api-client.ts';
import { createPasskey, getPasskey } from './webauthn.ts';

export const mfaKeys = {
  all: ['mfa'] as const,
  status: () => [...mfaKeys.all, 'status'] as const,
  security: () => [...mfaKeys.all, 'admin-security'] as const,
};

/** GET api/user/mfa: the account's passkeys, TOTP and recovery codes left. */
export const mfaStatusQuery = queryOptions({
  queryKey: mfaKeys.status(),
  queryFn: ({ signal }) => request('api/user/mfa', { schema: MfaStatusSchema, signal }),
});

/** GET api/admin/security. */
export const securitySettingsQuery = queryOptions({
  queryKey: mfaKeys.security(),
  queryFn: ({ signal }) => request('api/admin/security', { schema: SecuritySettingsSchema, signal }),
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
    const options = await request('api/user/mfa/passkeys/options', {
      method: 'POST',
      schema: PasskeyOptionsSchema,
    });
    const response = await createPasskey(options);
    return request('api/user/mfa/passkeys', {
      method: 'POST',
      body: { name, response },
      schema: RecoveryCodesSchema,
    });
  });
}

export function useRenamePasskey() {
  return useStatusChange(({ id, name }: { id: string; name: string }) =>
    request(`api/user/mfa/passkeys/${id}`, { method: 'PUT', body: { name } }),
  );
}

export function useRemovePasskey() {
  return useStatusChange(({ id, password }: { id: string; password: string }) =>
    request(`api/user/mfa/passkeys/${id}/removal`, { method: 'POST', body: { password }, silent: true }),
  );
}

export function useStartTotp() {
  return useMutation({
    mutationFn: () => request('api/user/mfa/totp', { method: 'POST', schema: TotpSetupSchema }),
  });
}

export function useConfirmTotp() {
  return useStatusChange((code: string) =>
    request('api/user/mfa/totp/confirmation', {
      method: 'POST',
      body: { code },
      schema: RecoveryCodesSchema,
      silent: true,
    }),
  );
}

export function useRemoveTotp() {
  return useStatusChange((password: string) =>
    request('api/user/mfa/totp/removal', { method: 'POST', body: { password }, silent: true }),
  );
}

export function useRenewRecoveryCodes() {
  return useStatusChange((password: string) =>
    request('api/user/mfa/recovery-codes', {
      method: 'POST',
      body: { password },
      schema: RecoveryCodesSchema,
      silent: true,
    }),
  );
}

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) =>
      request('api/admin/security', { method: 'PUT', body, schema: SecuritySettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(mfaKeys.security(), saved),
  });
}

/** POST auth/second-factor/options: the factors the second step offers. */
export const secondFactorOptions = () =>
  request('auth/second-factor/options', { method: 'POST', schema: SecondFactorOptionsSchema, silent: true });

/** POST auth/second-factor with a code, or with the passkey ceremony run on the options given. */
export function useCompleteSecondFactor() {
  return useMutation({
    mutationFn: async (
      input: Exclude<SecondFactorRequest, { method: 'passkey' }> | { method: 'passkey' },
    ) => {
      let body: unknown = input;
      if (input.method === 'passkey') {
        const { passkey } = await secondFactorOptions();
        if (!passkey) throw new Error('no passkey');
        body = { method: 'passkey', response: await getPasskey(passkey) };
      }
      await request('auth/second-factor', { method: 'POST', body, silent: true });
    },
  });
}

/** Sign-in with a passkey and no e-mail: the options, the browser's ceremony, the session. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async () => {
      const options = await request('auth/passkey/options', {
        method: 'POST',
        schema: PasskeyOptionsSchema,
        silent: true,
      });
      const response = await getPasskey(options);
      return request('auth/passkey/sign-in', {
        method: 'POST',
        body: { response, remember: false },
        schema: LoginResponseSchema,
        silent: true,
      });
    },
  });
}
