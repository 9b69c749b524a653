import { z } from 'zod';
import { endpoints, IdParams } from './endpoint.ts';
import { emailField, nameField, passwordField } from './auth.ts';
import { LANGUAGES } from './locales.ts';
import { codesFilterField, pageField, pageSizeField, pagedSchema, textFilterField } from './paging.ts';
import { STAFF_ROLES } from './roles.ts';

/*
 * Staff accounts (issue 15), admin only (staffAccountEndpoints below): list, create (e-mails a set-password
 * link), change the role, disable (no sign-in, every session ends) and enable, end every session, e-mail a new
 * set-password link (voids the earlier one); and, public, the page the link opens checks it and sets the password.
 * The last active admin cannot be disabled or demoted: LAST_ADMIN (409).
 */

export { STAFF_ROLES, type StaffRole } from './roles.ts';

/**
 * invited: created in the portal, no password set yet (users.status 'pending'); active; disabled: an admin
 * turned the account off (users.status 'deactivated').
 */
export const STAFF_ACCOUNT_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffAccountStatus = (typeof STAFF_ACCOUNT_STATUSES)[number];

/** How long a set-password link works. */
export const SET_PASSWORD_LINK_HOURS = 24;

export const StaffAccountQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField,
  /** A fragment of the name or e-mail address, case- and accent-insensitive (3 characters at least). */
  q: textFilterField,
  role: codesFilterField(STAFF_ROLES),
  status: codesFilterField(STAFF_ACCOUNT_STATUSES),
});

export const StaffAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(STAFF_ROLES),
  language: z.enum(LANGUAGES),
  status: z.enum(STAFF_ACCOUNT_STATUSES),
  /** ISO date-time of the last sign-in, null if never. */
  lastLoginAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** Sessions that are still valid (what "force sign-out" would end). */
  activeSessions: z.number().int().min(0),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

export const StaffAccountPageSchema = pagedSchema(StaffAccountSchema);
export type StaffAccountPage = z.infer<typeof StaffAccountPageSchema>;

export const StaffAccountCreateSchema = z.object({
  email: emailField,
  firstName: nameField,
  lastName: nameField,
  role: z.enum(STAFF_ROLES),
  language: z.enum(LANGUAGES),
});
export type StaffAccountCreate = z.infer<typeof StaffAccountCreateSchema>;

export const StaffAccountRoleChangeSchema = z.object({ role: z.enum(STAFF_ROLES) });

/** POST auth/set-password: the token of the e-mailed link and the first password. */
export const SetPasswordRequestSchema = z.object({
  token: z.string().min(1).max(200),
  password: passwordField,
});
export type SetPasswordRequest = z.infer<typeof SetPasswordRequestSchema>;

export const SetPasswordCheckSchema = SetPasswordRequestSchema.pick({ token: true });

const adminOnly = { roles: ['admin'] } as const;

/** Admins only; the set-password page the e-mailed link opens is public. */
export const staffAccountEndpoints = endpoints('staff-accounts', {
  list: {
    method: 'GET',
    path: '/api/admin/staff-accounts',
    summary: 'Staff accounts (service, sales, admin), filtered by name or e-mail, role and status, paged',
    access: adminOnly,
    query: StaffAccountQuerySchema,
    responses: { 200: StaffAccountPageSchema },
  },
  get: {
    method: 'GET',
    path: '/api/admin/staff-accounts/:id',
    summary: 'One staff account',
    access: adminOnly,
    params: IdParams,
    responses: { 200: StaffAccountSchema },
  },
  create: {
    method: 'POST',
    path: '/api/admin/staff-accounts',
    summary: 'Create a staff account; the person gets an e-mail with a set-password link (24 h)',
    access: adminOnly,
    body: StaffAccountCreateSchema,
    responses: { 201: StaffAccountSchema },
  },
  changeRole: {
    method: 'PUT',
    path: '/api/admin/staff-accounts/:id/role',
    summary: 'Change the role; the last active admin cannot be demoted (LAST_ADMIN)',
    access: adminOnly,
    params: IdParams,
    body: StaffAccountRoleChangeSchema,
    responses: { 200: StaffAccountSchema },
    errors: [409],
  },
  disable: {
    method: 'POST',
    path: '/api/admin/staff-accounts/:id/disable',
    summary: 'Disable: no sign-in, every session ends; not the last active admin (LAST_ADMIN)',
    access: adminOnly,
    params: IdParams,
    responses: { 200: StaffAccountSchema },
    errors: [409],
  },
  enable: {
    method: 'POST',
    path: '/api/admin/staff-accounts/:id/enable',
    summary: 'Enable a disabled account',
    access: adminOnly,
    params: IdParams,
    responses: { 200: StaffAccountSchema },
  },
  signOut: {
    method: 'POST',
    path: '/api/admin/staff-accounts/:id/sign-out',
    summary: 'End every session of the person',
    access: adminOnly,
    params: IdParams,
    responses: { 200: StaffAccountSchema },
  },
  sendSetPasswordLink: {
    method: 'POST',
    path: '/api/admin/staff-accounts/:id/set-password-link',
    summary: 'E-mail a new set-password link (24 h); the earlier links stop working',
    description: 'A disabled account gets none (CONFLICT): enable it first.',
    access: adminOnly,
    params: IdParams,
    responses: { 200: StaffAccountSchema },
    errors: [409],
  },
  checkSetPasswordLink: {
    method: 'POST',
    path: '/auth/set-password/check',
    summary: 'Whether a set-password link still works, without using it (the page asks when it opens)',
    access: 'anyone',
    body: SetPasswordCheckSchema,
    responses: { 204: null },
    errors: [429],
  },
  setPassword: {
    method: 'POST',
    path: '/auth/set-password',
    summary: 'Set the first password of a staff account with the e-mailed link',
    access: 'anyone',
    body: SetPasswordRequestSchema,
    responses: { 204: null },
    errors: [429],
  },
});
