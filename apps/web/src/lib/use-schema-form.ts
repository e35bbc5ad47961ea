import { useState, type FormEvent, type ReactNode } from 'react';
import { fieldErrors } from '@gona/shared/error-codes';
import { useErrorText } from './error-text';
import { ApiError } from './http';

type FieldErrors = Record<string, string>;

/** What the form says when a save fails. */
export type SaveFailureWords = {
  /** The line at the top of the form, given what went wrong in words. */
  failed: (message: string) => string;
  /** What to show instead when someone else saved the record first (409); absent, a 409 is a failure like any other. */
  stale?: ReactNode;
};

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
 * from the server), the form-level alert and whether a save is under way.
 */
export function useSchemaForm<V extends Record<string, string>>(
  initialValues: V | (() => V),
  words: SaveFailureWords = { failed: (message) => message },
) {
  const errorText = useErrorText();
  const [values, setValues] = useState<V>(initialValues);
  const [initial] = useState<V>(values);
  /** Something differs from what the form opened with. */
  const dirty = Object.keys(values).some((key) => values[key] !== initial[key]);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** What went wrong with the form as a whole, for a FormAlert at its top. */
  const [alert, setAlert] = useState<ReactNode>(null);
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
   * The one save path: clears old messages and runs `run` while `pending` is true. A failure is
   * shown, never thrown: the server's field messages beside their fields, a stale version as
   * `words.stale`, and what failed in the alert.
   */
  async function save(run: () => Promise<void>) {
    setErrors({});
    setAlert(null);
    setPending(true);
    try {
      await run();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && words.stale) {
        setAlert(words.stale);
        return;
      }
      if (error instanceof ApiError) setErrors(error.fields);
      setAlert(words.failed(errorText(error)));
    } finally {
      setPending(false);
    }
  }

  /**
   * A submit handler: parses the values (through `toInput` when the form's strings are not the
   * schema's input) and saves with `handler`.
   */
  function submit<T>(
    schema: FormCheck<T>,
    handler: (data: T) => Promise<void>,
    toInput: (values: V) => unknown = (v) => v,
  ) {
    return handleSubmit(() => {
      const data = parse(schema, toInput(values));
      return data === null ? null : () => handler(data);
    });
  }

  /** A submit handler for a form that validates itself: `prepare` answers the save to run, or null. */
  function handleSubmit(prepare: () => (() => Promise<void>) | null) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const run = prepare();
      if (run) await save(run);
    };
  }

  return { values, setField, field, errors, setErrors, alert, pending, parse, submit, handleSubmit, dirty };
}
