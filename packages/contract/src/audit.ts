/**
 * The audit log (issue 15): every change made by staff and admins and every security-relevant customer action,
 * written in the transaction of the change. The kinds are a closed list so the admin screen can filter and
 * translate them; a new kind is added here first.
 */
export const AUDIT_KINDS = [
  // Service requests (staff).
  'service-request.status',
  'service-request.dates',
  'service-request.findings',
  // Offer requests (parts sales).
  'offer-request.status',
  // Staff accounts (admin).
  'staff.created',
  'staff.role',
  'staff.disabled',
  'staff.enabled',
  'staff.sessions-ended',
  'staff.link-sent',
  // Customers (admin).
  'customer.reactivated',
  'customer.confirmation-sent',
  'machine.assigned',
  'machine.unassigned',
  // Machines from the ERP (admin screen or CLI).
  'machines.imported',
  'machine.updated',
  // Catalogue import (admin).
  'catalog.imported',
  // Security-relevant actions of any account.
  'auth.sign-in',
  'auth.sign-in-failed',
  'auth.password-changed',
  'auth.password-reset',
  'auth.deactivated',
  'auth.sessions-ended',
  'auth.passkey-added',
  'auth.passkey-removed',
  'auth.second-factor',
  'auth.recovery-codes',
  // Portal settings (admin).
  'settings.changed',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** What an entry is about; the admin screen links each to its page where there is one. */
export const AUDIT_SUBJECT_TYPES = [
  'user',
  'service-request',
  'offer-request',
  'machine',
  'machine-import',
  'catalog-import',
  'settings',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];
