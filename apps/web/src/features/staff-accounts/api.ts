import {
  type SetPasswordRequest,
  type StaffAccountCreate,
  staffAccountEndpoints,
  type StaffAccountQuerySchema,
  type StaffRole,
} from '@care/contract/staff-accounts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiRequestError, callApi } from '#app/lib/api-client.ts';

/** A list call as the screen builds it: page and size resolved, filters optional. */
export type StaffAccountParams = z.output<typeof StaffAccountQuerySchema>;

export const staffAccountKeys = {
  all: ['staff-accounts'] as const,
  lists: () => [...staffAccountKeys.all, 'list'] as const,
  list: (params: StaffAccountParams) => [...staffAccountKeys.lists(), params] as const,
  setPasswordLink: (token: string) => [...staffAccountKeys.all, 'set-password-link', token] as const,
};

/** GET api/admin/staff-accounts: one page of staff accounts. */
export const staffAccountsQuery = (params: StaffAccountParams) =>
  queryOptions({
    queryKey: staffAccountKeys.list(params),
    queryFn: ({ signal }) => callApi(staffAccountEndpoints.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });

/** POST api/admin/staff-accounts. The caller shows field errors (an e-mail address already taken). */
export function useCreateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffAccountCreate) =>
      callApi(staffAccountEndpoints.create, { body }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAccountKeys.lists() }),
  });
}

export type StaffAccountAction = 'disable' | 'enable' | 'sign-out' | 'set-password-link';

const ACTION_ENDPOINTS = {
  disable: staffAccountEndpoints.disable,
  enable: staffAccountEndpoints.enable,
  'sign-out': staffAccountEndpoints.signOut,
  'set-password-link': staffAccountEndpoints.sendSetPasswordLink,
} satisfies Record<StaffAccountAction, unknown>;

/**
 * One change of an account: a new role, or an action. Refusals (LAST_ADMIN) come back as notices through the
 * API client; the list is fetched again either way, so it shows the state that holds.
 */
export function useStaffAccountChange(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { role: StaffRole } | { action: StaffAccountAction }) =>
      'role' in change
        ? callApi(staffAccountEndpoints.changeRole, { params: { id }, body: change })
        : callApi(ACTION_ENDPOINTS[change.action], { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffAccountKeys.lists() }),
  });
}

/** POST auth/set-password/check: whether the e-mailed link still works, asked as its page opens. */
export const setPasswordLinkQuery = (token: string) =>
  queryOptions({
    queryKey: staffAccountKeys.setPasswordLink(token),
    queryFn: async (): Promise<'usable' | 'invalid'> => {
      try {
        await callApi(staffAccountEndpoints.checkSetPasswordLink, { body: { token } }, { silent: true });
        return 'usable';
      } catch (error) {
        if (error instanceof ApiRequestError && error.body?.code === 'INVALID_TOKEN') return 'invalid';
        throw error;
      }
    },
    staleTime: 0,
    retry: false,
  });

/** POST auth/set-password. The caller shows field errors and an invalid link. */
export function useSetPassword() {
  return useMutation({
    mutationFn: (body: SetPasswordRequest) =>
      callApi(staffAccountEndpoints.setPassword, { body }, { silent: true }),
  });
}
