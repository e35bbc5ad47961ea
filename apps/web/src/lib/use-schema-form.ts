import { useState, type FormEvent } from 'react';
import { fieldErrors } from '@gona/shared/error-codes';

type FieldErrors = Record<string, string>;

/**
 * What a form checks its values with: a shared zod schema, or a lighter check with the same rules
 * and words where a screen must load without zod (sign-in).
 */
export type FormCheck<T> = {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] };
};

/**
 * Form state checked against a shared schema: the values, the field errors (from the schema or
 * from the server) and whether a submit is under way.
 */
export function useSchemaForm<V extends Record<string, string>>(initialValues: V | (() => V)) {
  const [values, setValues] = useState<V>(initialValues);
  const [initial] = useState<V>(values);
  /** Something differs from what the form opened with. */
  const dirty = Object.keys(values).some((key) => values[key] !== initial[key]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  function setField<K extends keyof V>(name: K, value: V[K]) {
    setValues((current) => ({ ...current, [name]: value }));
  }

  /** Props for a text or select field; `errorKey` when the schema names the field differently. */
  function field(name: keyof V & string, errorKey: string = name) {
    return {
      name,
      value: values[name],
      error: errors[errorKey],
      onChange: (e: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [name]: e.target.value })),
    };
  }

  /** The parsed data, or null after showing the schema's messages on their fields. */
  function parse<T>(schema: FormCheck<T>, input: unknown): T | null {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    setErrors(fieldErrors(parsed.error));
    return null;
  }

  /**
   * A submit handler: parses the values (through `toInput` when the form's strings are not the
   * schema's input), clears old errors and runs `handler` with the data while `pending` is true.
   */
  function submit<T>(
    schema: FormCheck<T>,
    handler: (data: T) => Promise<void>,
    toInput: (values: V) => unknown = (v) => v,
  ) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const data = parse(schema, toInput(values));
      if (data === null) return;
      setErrors({});
      setPending(true);
      try {
        await handler(data);
      } finally {
        setPending(false);
      }
    };
  }

  return { values, setField, field, errors, setErrors, pending, parse, submit, dirty };
}
