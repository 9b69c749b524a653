import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

type FormValues = Record<string, string | boolean>;

/** One problem with a field: a `validation:` key (from the contract's schema) and the limit it names. */
interface FieldIssue {
  key: string;
  code: string;
  count?: number;
  /** What a custom issue's message names (e.g. `example` of a postal code format). */
  params?: Record<string, unknown>;
}

/** What the fields hold before validation: a consent typed `true` in the schema is any boolean while editing. */
type Widen<V> = V extends boolean ? boolean : V extends string ? string : V;
export type FormInput<S extends z.ZodType> = { [K in keyof z.input<S>]: Widen<z.input<S>[K]> };

type Issues<T> = Partial<Record<keyof T, FieldIssue>>;

function issuesOf<T>(error: z.ZodError): Issues<T> {
  const issues: Issues<T> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof T | undefined;
    if (field === undefined || issues[field]) continue;
    const limit = 'minimum' in issue ? issue.minimum : 'maximum' in issue ? issue.maximum : undefined;
    issues[field] = {
      key: issue.message,
      code: issue.code,
      count: limit === undefined ? undefined : Number(limit),
      params: issue.code === 'custom' ? issue.params : undefined,
    };
  }
  return issues;
}

/**
 * The one bridge between forms and the contract's zod schemas: plain React state; errors appear on the
 * first submit and then follow every change. No validation on blur: an error appearing under the field
 * being left moves the submit button between mouse-down and mouse-up, and the click is lost.
 * Messages stay translation keys until render, so switching the language translates visible errors too.
 */
export function useZodForm<S extends z.ZodType<unknown, FormValues>>(schema: S, initialValues: FormInput<S>) {
  type T = FormInput<S>;
  const { t } = useTranslation('validation');
  const [values, setValues] = useState<T>(initialValues);
  const [issues, setIssues] = useState<Issues<T>>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = (next: T): Issues<T> => {
    const result = schema.safeParse(next);
    return result.success ? {} : issuesOf<T>(result.error);
  };

  /** Sets several values at once (e.g. "select all" consents); errors of those fields follow the new values. */
  const setFieldValues = (patch: Partial<T>) => {
    const next = { ...values, ...patch };
    setValues(next);
    const found = validate(next);
    if (submitted) {
      setIssues(found);
      return;
    }
    setIssues((current) => {
      const updated = { ...current };
      for (const field of Object.keys(patch) as (keyof T)[]) {
        // Before the first submit, a change only clears or updates an error the field already shows.
        if (current[field]) updated[field] = found[field];
      }
      return updated;
    });
  };

  const setFieldValue = <K extends keyof T>(field: K, value: T[K]) => {
    const patch: Partial<T> = {};
    patch[field] = value;
    setFieldValues(patch);
  };

  const errorOf = (field: keyof T): string | undefined => {
    const issue = issues[field];
    if (!issue) return undefined;
    return t([issue.key, issue.code, 'invalid_value'], { ...issue.params, count: issue.count });
  };

  /** Props for a Mantine input; `checkbox` binds `checked` instead of `value`. */
  const getInputProps = <K extends keyof T & string>(field: K, options: { type?: 'checkbox' } = {}) => {
    const common = { name: field, error: errorOf(field) };
    if (options.type === 'checkbox') {
      return {
        ...common,
        checked: values[field] === true,
        onChange: (event: ChangeEvent<HTMLInputElement>) =>
          setFieldValue(field, event.currentTarget.checked as T[K]),
      };
    }
    return {
      ...common,
      value: String(values[field] ?? ''),
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        setFieldValue(field, event.currentTarget.value as T[K]),
    };
  };

  /** Validates everything; on success calls `handler` with the parsed output, else focuses the first wrong field. */
  const onSubmit = (handler: (data: z.output<S>) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = schema.safeParse(values);
    if (result.success) {
      setIssues({});
      handler(result.data);
      return;
    }
    const found = issuesOf<T>(result.error);
    setIssues(found);
    const first = Object.keys(values).find((field) => found[field as keyof T]);
    const input = first ? event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`) : null;
    input?.focus();
  };

  const reset = () => {
    setValues(initialValues);
    setIssues({});
    setSubmitted(false);
  };

  return { values, errorOf, setFieldValue, setFieldValues, getInputProps, onSubmit, reset };
}
