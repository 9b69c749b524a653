import type { FieldError } from '@care/contract/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Shows the server's field errors (`validation:` keys, decision 013) on the fields while each still holds the
 * value that was sent; the form's own error wins, and editing the field clears the server's.
 * Call `markSent(values)` when the form submits.
 */
export function useServerFieldErrors(errors: FieldError[], values: Record<string, unknown>) {
  const { t } = useTranslation('validation');
  const [sent, setSent] = useState<Record<string, unknown>>({});
  const withServerError = <P extends { error?: string }>(field: string, props: P): P => {
    const found = errors.find((issue) => issue.path === field);
    if (props.error || !found || sent[field] !== values[field]) return props;
    return { ...props, error: t([found.code, 'invalid_value'], { ...found.params }) };
  };
  return { withServerError, markSent: setSent };
}
