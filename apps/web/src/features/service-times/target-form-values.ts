import {
  ServiceTimeTargetsSchema,
  type ServiceTimeTargets,
  type ServiceTimeTargetValues,
} from '@care/contract/service-times';
import { SERVICE_REQUEST_PRIORITIES } from '@care/contract/staff-desk-fields';

/** What the form's number fields hold: a number, or '' while a field is empty. */
export type TargetFormValues = Record<
  keyof ServiceTimeTargets,
  Record<keyof ServiceTimeTargetValues, number | string>
>;

/** A field's name: `urgent.firstReplyHours` (the path the contract's issues name). */
export type TargetField = `${keyof ServiceTimeTargets}.${keyof ServiceTimeTargetValues}`;

/**
 * The form's values checked by the contract's schema: the targets to send, or each wrong field's `validation:`
 * key (the first issue of each field).
 */
export function checkTargets(
  values: TargetFormValues,
):
  | { targets: ServiceTimeTargets; errors?: undefined }
  | { targets?: undefined; errors: Partial<Record<TargetField, string>> } {
  const numbers = Object.fromEntries(
    SERVICE_REQUEST_PRIORITIES.map((priority) => [
      priority,
      {
        firstReplyHours: toNumber(values[priority].firstReplyHours),
        completionDays: toNumber(values[priority].completionDays),
      },
    ]),
  );
  const result = ServiceTimeTargetsSchema.safeParse(numbers);
  if (result.success) return { targets: result.data };
  const errors: Partial<Record<TargetField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') as TargetField;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** '' is no number (the schema then names the field); Mantine's NumberInput gives text only while empty. */
const toNumber = (value: number | string) => (value === '' ? undefined : Number(value));
