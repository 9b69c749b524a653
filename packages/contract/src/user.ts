import { z } from 'zod';
import { nameField, passwordField, peselOrNipField } from './account-fields.ts';
import { endpoints, IdParams } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { LANGUAGES } from './locales.ts';
import { normalizePostalCode, postalCodeRefinement } from './postal-codes.ts';
import { ROLES } from './statuses.ts';

/** The signed-in user: POST auth/login answers with it (SPEC §3 "User"). */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  language: z.enum(LANGUAGES),
});
export type User = z.infer<typeof UserSchema>;

/** GET api/user/extended-details: the user and the details the settings screens show ('' when not given). */
export const ExtendedUserSchema = UserSchema.extend({
  phone: z.string(),
  peselOrNip: z.string(),
  marketingConsent: z.boolean(),
  /** The account was created by linking an online-store account (B2C registration). */
  linkedStoreAccount: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ExtendedUser = z.infer<typeof ExtendedUserSchema>;

/** GET api/user/authorities. */
export const AuthoritiesSchema = z.array(z.string());

/** SPEC §5 phone rule; in the settings the phone may also be removed (''). */
const optionalPhoneField = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^(\\d{${LIMITS.phoneLength}})?$`), 'form.wrong-phone'));

/** GET api/user/details. The e-mail is the sign-in name and cannot be changed here. */
export const UserDetailsSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  peselOrNip: z.string(),
  language: z.enum(LANGUAGES),
});
export type UserDetails = z.infer<typeof UserDetailsSchema>;

/** PUT api/user/details. PESEL/NIP and language stay as they are when left out. */
export const UserDetailsUpdateSchema = z.object({
  firstName: nameField,
  lastName: nameField,
  phone: optionalPhoneField,
  peselOrNip: peselOrNipField.optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type UserDetailsUpdate = z.input<typeof UserDetailsUpdateSchema>;

/** GET api/user/address (SPEC leaves the fields out; these are the postal ones). '' when not given. */
export const AddressSchema = z.object({
  companyName: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  apartmentNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2, e.g. PL, DE. */
  countryCode: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

const addressText = (max: number) => z.string().trim().max(max, 'form.max-length');

/**
 * PUT api/user/address (same path): creates or replaces the address. A postal code, when given, is written as its
 * country writes them (postal-codes.ts), kept in capitals with single spaces.
 */
export const AddressUpdateSchema = z
  .object({
    companyName: addressText(200),
    street: addressText(200),
    houseNumber: addressText(20),
    apartmentNumber: addressText(20),
    postalCode: addressText(16).transform(normalizePostalCode),
    city: addressText(100),
    countryCode: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}$/, 'form.wrong-country-code')),
  })
  .superRefine(...postalCodeRefinement('postalCode', 'countryCode'));
export type AddressUpdate = z.input<typeof AddressUpdateSchema>;

/** PUT api/user/password. The old password must be right and the new one different (checked by the server). */
export const ChangePasswordRequestSchema = z.object({
  oldPassword: z.string().min(1, 'form.required').max(LIMITS.passwordMaxLength, 'form.max-length'),
  newPassword: passwordField,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** The change-password form: the request plus the repeated new password (SPEC §5). */
export const ChangePasswordFormSchema = ChangePasswordRequestSchema.extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword !== form.oldPassword, {
    path: ['newPassword'],
    error: 'form.password-same-as-old',
  })
  .refine((form) => form.confirmPassword === form.newPassword, {
    path: ['confirmPassword'],
    error: 'form.passwords-not-same',
    when: (payload) => {
      const value = payload.value as { newPassword?: unknown; confirmPassword?: unknown };
      return typeof value.newPassword === 'string' && typeof value.confirmPassword === 'string';
    },
  });
export type ChangePasswordForm = z.output<typeof ChangePasswordFormSchema>;

/** POST api/user/deactivation: confirmed with the password. */
export const DeactivationRequestSchema = z.object({
  password: z.string().min(1, 'form.required').max(LIMITS.passwordMaxLength, 'form.max-length'),
});
export type DeactivationRequest = z.infer<typeof DeactivationRequestSchema>;

/*
 * User settings (SPEC §3): each row is a key with a JSON value, grouped by `broadValue` (the product value the
 * web passes; null, the string 'null' and absence all mean ''). Notification settings live under ''.
 */

/**
 * The product value this portal passes as broadValue (SPEC §7 "login passes a fixed product value"): the saved
 * table settings live under it, loaded at sign-in; the notification settings live under '' ("another call passes null").
 */
export const PORTAL_BROAD_VALUE = 'care-portal';

export const NOTIFICATION_SETTING_KEYS = [
  'notifications.guarantee-end',
  'notifications.state-change',
  /** Staff replies in a request's chat, e-mailed (features/chat-mail); on unless turned off. */
  'notifications.staff-replies',
  /** Mirrors the account's marketing consent (users.marketing_consent). */
  'notifications.marketing',
] as const;
export const TABLE_SETTING_KEYS = ['table.machines', 'table.services'] as const;
export const SETTING_KEYS = [...NOTIFICATION_SETTING_KEYS, ...TABLE_SETTING_KEYS] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type TableSettingKey = (typeof TABLE_SETTING_KEYS)[number];

const columnId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/);
const atMost = (count: number) => (record: Record<string, unknown>) => Object.keys(record).length <= count;
const filterScalar = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

/** A saved table (machines, service requests): what the person set up, restored at the next visit. */
export const TableSettingsSchema = z.object({
  columnVisibility: z.record(columnId, z.boolean()).refine(atMost(50)).default({}),
  /** Column widths in pixels. */
  columnSizing: z.record(columnId, z.number().int().min(20).max(2000)).refine(atMost(50)).default({}),
  sorting: z
    .array(z.object({ id: columnId, desc: z.boolean() }))
    .max(10)
    .default([]),
  columnOrder: z.array(columnId).max(50).default([]),
  filters: z
    .array(z.object({ id: columnId, value: z.union([filterScalar, z.array(filterScalar).max(50)]) }))
    .max(50)
    .default([]),
  /** Whether the filter row is shown. */
  filtersVisible: z.boolean().default(false),
});
export type TableSettings = z.output<typeof TableSettingsSchema>;

/** The schema of each key's value; the server validates every write with it. */
export const SETTING_VALUE_SCHEMAS = {
  'notifications.guarantee-end': z.boolean(),
  'notifications.state-change': z.boolean(),
  'notifications.staff-replies': z.boolean(),
  'notifications.marketing': z.boolean(),
  'table.machines': TableSettingsSchema,
  'table.services': TableSettingsSchema,
} as const satisfies Record<SettingKey, z.ZodType>;

/** The query's or body's broadValue: null, absent and the string 'null' all mean ''. */
export const BroadValueSchema = z
  .string()
  .max(64)
  .nullish()
  .transform((value) => (value == null || value === 'null' ? '' : value));

/**
 * Any JSON value. z.json() is recursive: named in the registry (register keeps the very schema its arrays and
 * records refer to, where meta() would name a copy), the OpenAPI document holds it once as a component and refers
 * to it with `$ref`; unnamed, the reference pointed at a `schema0` the document did not have.
 */
export const JsonValueSchema = z.json().register(z.globalRegistry, { id: 'JsonValue' });

/** One saved setting as the API returns it. */
export const UserSettingSchema = z.object({
  id: z.string(),
  broadValue: z.string(),
  key: z.enum(SETTING_KEYS),
  value: JsonValueSchema,
});
export type UserSetting = z.infer<typeof UserSettingSchema>;
export const UserSettingsSchema = z.array(UserSettingSchema);

/**
 * POST api/user/settings: creates the setting, or replaces the value of the same key and broadValue.
 * The value is checked against SETTING_VALUE_SCHEMAS[key] (by the server, and by the web with the same schemas).
 */
export const UserSettingCreateSchema = z.object({
  broadValue: BroadValueSchema,
  key: z.enum(SETTING_KEYS),
  value: JsonValueSchema,
});

/** PUT api/user/settings/{id}: a new value for the setting's key (other fields of the body are ignored). */
export const UserSettingUpdateSchema = z.object({ value: JsonValueSchema });

/** GET api/user/settings?broadValue=… */
export const SettingsQuerySchema = z.object({ broadValue: BroadValueSchema });

/** DELETE api/user/settings?broadValue=…&key=…: resets saved table settings (all tables when key is left out). */
export const TableSettingsResetQuerySchema = z.object({
  broadValue: BroadValueSchema,
  key: z.enum(TABLE_SETTING_KEYS).optional(),
});
export const TableSettingsResetResponseSchema = z.object({ removed: z.number().int() });

/*
 * SPEC §7 api/user calls about the account itself, and its settings (SPEC §3): every one needs a signed-in user.
 * Each setting belongs to one user; another user's id answers 404 like a missing one.
 */
export const userEndpoints = endpoints('user', {
  extendedDetails: {
    method: 'GET',
    path: '/api/user/extended-details',
    summary: 'The signed-in user with contact details',
    access: 'signed-in',
    responses: { 200: ExtendedUserSchema },
  },
  authorities: {
    method: 'GET',
    path: '/api/user/authorities',
    summary: 'Authority strings of the signed-in user (SPEC §6)',
    access: 'signed-in',
    responses: { 200: AuthoritiesSchema },
  },
  getDetails: {
    method: 'GET',
    path: '/api/user/details',
    summary: 'Names, phone, PESEL/NIP and language',
    access: 'signed-in',
    responses: { 200: UserDetailsSchema },
  },
  updateDetails: {
    method: 'PUT',
    path: '/api/user/details',
    summary: 'Change names, phone, PESEL/NIP and language',
    access: 'signed-in',
    body: UserDetailsUpdateSchema,
    responses: { 200: UserDetailsSchema },
  },
  getAddress: {
    method: 'GET',
    path: '/api/user/address',
    summary: 'The postal address (empty before the first save)',
    access: 'signed-in',
    responses: { 200: AddressSchema },
  },
  updateAddress: {
    method: 'PUT',
    path: '/api/user/address',
    summary: 'Create or replace the postal address',
    access: 'signed-in',
    body: AddressUpdateSchema,
    responses: { 200: AddressSchema },
  },
  changePassword: {
    method: 'PUT',
    path: '/api/user/password',
    summary: 'Change the password; every other session ends',
    access: 'signed-in',
    body: ChangePasswordRequestSchema,
    responses: { 204: null },
    errors: [429],
  },
  deactivate: {
    method: 'POST',
    path: '/api/user/deactivation',
    summary: 'Deactivate the account (confirmed with the password); every session ends, the data is kept',
    access: 'signed-in',
    body: DeactivationRequestSchema,
    responses: { 204: null },
    errors: [429],
  },
  listSettings: {
    method: 'GET',
    path: '/api/user/settings',
    tag: 'user settings',
    summary: "The user's settings of a broadValue ('null' or none: '')",
    access: 'signed-in',
    query: SettingsQuerySchema,
    responses: { 200: UserSettingsSchema },
  },
  saveSetting: {
    method: 'POST',
    path: '/api/user/settings',
    tag: 'user settings',
    summary: 'Save a setting (created, or the value replaced for the same key and broadValue)',
    access: 'signed-in',
    body: UserSettingCreateSchema,
    responses: { 201: UserSettingSchema, 200: UserSettingSchema },
  },
  updateSetting: {
    method: 'PUT',
    path: '/api/user/settings/:id',
    tag: 'user settings',
    summary: 'Change the value of a setting',
    description: "Another user's setting is a 404.",
    access: 'signed-in',
    params: IdParams,
    body: UserSettingUpdateSchema,
    responses: { 200: UserSettingSchema },
  },
  removeSetting: {
    method: 'DELETE',
    path: '/api/user/settings/:id',
    tag: 'user settings',
    summary: 'Remove a setting',
    description: "Another user's setting is a 404.",
    access: 'signed-in',
    params: IdParams,
    responses: { 204: null },
  },
  resetTableSettings: {
    method: 'DELETE',
    path: '/api/user/settings',
    tag: 'user settings',
    summary:
      'Reset saved table settings of a broadValue (one table with key, else all); notification settings stay',
    access: 'signed-in',
    query: TableSettingsResetQuerySchema,
    responses: { 200: TableSettingsResetResponseSchema },
  },
});
