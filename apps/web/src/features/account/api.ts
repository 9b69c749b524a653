import {
  type AddressUpdate,
  type ChangePasswordRequest,
  type DeactivationRequest,
  NOTIFICATION_SETTING_KEYS,
  PORTAL_BROAD_VALUE,
  TABLE_SETTING_KEYS,
  type UserDetailsUpdate,
  userEndpoints,
  type UserSetting,
  UserSettingsSchema,
} from '@care/contract/user';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { LOCAL } from '#app/config/storage-keys.ts';
import { callApi } from '#app/lib/api-client.ts';
import { i18n } from '#app/lib/i18n.ts';

export const accountKeys = {
  all: ['account'] as const,
  details: () => [...accountKeys.all, 'details'] as const,
  address: () => [...accountKeys.all, 'address'] as const,
  notificationSettings: () => [...accountKeys.all, 'notification-settings'] as const,
};

/** GET api/user/details: names, phone, PESEL/NIP (SPEC §8 "error fetching user details" on failure). */
export const detailsQuery = queryOptions({
  queryKey: accountKeys.details(),
  queryFn: ({ signal }) =>
    callApi(userEndpoints.getDetails, {}, { signal, errorMessage: i18n.t('errors:account.details-load') }),
});

export const addressQuery = queryOptions({
  queryKey: accountKeys.address(),
  queryFn: ({ signal }) =>
    callApi(userEndpoints.getAddress, {}, { signal, errorMessage: i18n.t('errors:account.details-load') }),
});

/** GET api/user/settings with broadValue null: the notification settings (the server creates them with defaults). */
export const notificationSettingsQuery = queryOptions({
  queryKey: accountKeys.notificationSettings(),
  queryFn: ({ signal }) =>
    callApi(
      userEndpoints.listSettings,
      { query: { broadValue: null } },
      { signal, errorMessage: i18n.t('errors:account.settings-load') },
    ),
  select: (settings) =>
    settings.filter((setting) => (NOTIFICATION_SETTING_KEYS as readonly string[]).includes(setting.key)),
});

export function useUpdateDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserDetailsUpdate) => callApi(userEndpoints.updateDetails, { body }, { silent: true }),
    onSuccess: (details) => queryClient.setQueryData(accountKeys.details(), details),
  });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressUpdate) => callApi(userEndpoints.updateAddress, { body }, { silent: true }),
    onSuccess: (address) => queryClient.setQueryData(accountKeys.address(), address),
  });
}

/** PUT api/user/settings/{id} for each notification setting whose value changed. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changed: Pick<UserSetting, 'id' | 'value'>[]) =>
      Promise.all(
        changed.map(({ id, value }) =>
          callApi(
            userEndpoints.updateSetting,
            { params: { id }, body: { value } },
            { errorMessage: i18n.t('errors:account.settings-save') },
          ),
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.notificationSettings() }),
  });
}

/** Drops the table settings from the copy kept since sign-in (SPEC §3 userSettings), so no table restores them. */
function forgetLocalTableSettings(): void {
  const raw = localStorage.getItem(LOCAL.userSettings);
  if (!raw) return;
  try {
    const settings = UserSettingsSchema.parse(JSON.parse(raw));
    const kept = settings.filter(
      (setting) => !(TABLE_SETTING_KEYS as readonly string[]).includes(setting.key),
    );
    localStorage.setItem(LOCAL.userSettings, JSON.stringify(kept));
  } catch {
    localStorage.removeItem(LOCAL.userSettings);
  }
}

/** SPEC §1 "reset saved table settings": DELETE api/user/settings for the portal's tables. */
export function useResetTableSettings() {
  return useMutation({
    mutationFn: () =>
      callApi(
        userEndpoints.resetTableSettings,
        { query: { broadValue: PORTAL_BROAD_VALUE } },
        { errorMessage: i18n.t('errors:account.settings-save') },
      ),
    onSuccess: forgetLocalTableSettings,
  });
}

/** PUT api/user/password; the form shows the field errors, the caller the notices (SPEC §4 password change). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      callApi(userEndpoints.changePassword, { body }, { silent: true }),
  });
}

/** POST api/user/deactivation, confirmed with the password; the server ends every session. */
export function useDeactivateAccount() {
  return useMutation({
    mutationFn: (body: DeactivationRequest) => callApi(userEndpoints.deactivate, { body }, { silent: true }),
  });
}
