import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from './cx';

export type FieldChrome = {
  /** Visible label; it is the field's accessible name. */
  label: string;
  /** Message shown next to the field when its value needs fixing. */
  error?: string | undefined;
  hint?: string | undefined;
};

type FieldShellProps = FieldChrome & {
  id: string;
  children: ReactNode;
  /** The label is read by screen readers but not shown (a compact control whose place says what it is). */
  labelHidden?: boolean | undefined;
};

const CONTROL =
  'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 ' +
  'focus:outline-2 focus:outline-offset-0 focus:outline-green-700 disabled:bg-stone-100';

export type TextFieldProps = FieldChrome & InputHTMLAttributes<HTMLInputElement>;
/** One choice of a select field: what is sent, and the words shown for it. */
export type SelectOption = { value: string; label: string; disabled?: boolean };
/** Choices shown under a heading (an optgroup), such as "Crops" and "Animals"; left out when empty. */
export type SelectOptionGroup = { group: string; options: readonly SelectOption[] };
export type SelectFieldProps = FieldChrome &
  SelectHTMLAttributes<HTMLSelectElement> & {
    /** An empty first choice (value ''), such as "All statuses" or "Choose a crop". */
    placeholder?: string;
    /** The choices, in order, after the placeholder: single choices and groups of them. */
    options?: readonly (SelectOption | SelectOptionGroup)[] | undefined;
    /** Read by screen readers only (the farm switcher, whose place says what it is). */
    labelHidden?: boolean;
  };
export type TextareaFieldProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextField({ label, error, hint, id, className, ...rest }: TextFieldProps) {
  const fieldId = useFieldId(id);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <input
        id={fieldId}
        className={cx(CONTROL, error ? 'border-red-700' : 'border-stone-400', className)}
        {...describedBy(fieldId, error, hint)}
        {...rest}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  placeholder,
  options,
  labelHidden,
  children,
  ...rest
}: SelectFieldProps) {
  const fieldId = useFieldId(id);
  const choice = (option: SelectOption) => (
    <option key={option.value} value={option.value} disabled={option.disabled}>
      {option.label}
    </option>
  );
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} labelHidden={labelHidden}>
      <select
        id={fieldId}
        className={cx(CONTROL, error ? 'border-red-700' : 'border-stone-400', className)}
        {...describedBy(fieldId, error, hint)}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((option) =>
          'group' in option
            ? option.options.length > 0 && (
                <optgroup key={`group:${option.group}`} label={option.group}>
                  {option.options.map(choice)}
                </optgroup>
              )
            : choice(option),
        )}
        {children}
      </select>
    </FieldShell>
  );
}

/** Choices for a fixed list of values, each labelled by its words, e.g. optionsOf(STATUSES, (s) => t(`statuses.${s}`)). */
export function optionsOf<V extends string>(
  values: readonly V[],
  labelOf: (value: V) => string,
): SelectOption[] {
  return values.map((value) => ({ value, label: labelOf(value) }));
}

export function TextareaField({ label, error, hint, id, className, ...rest }: TextareaFieldProps) {
  const fieldId = useFieldId(id);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <textarea
        id={fieldId}
        className={cx(CONTROL, 'min-h-24', error ? 'border-red-700' : 'border-stone-400', className)}
        {...describedBy(fieldId, error, hint)}
        {...rest}
      />
    </FieldShell>
  );
}

function FieldShell({ id, label, error, hint, labelHidden, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'text-sm font-medium text-stone-800'}>
        {label}
      </label>
      {children}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** Under a field: its error when it has one, else its hint; each id is what the control's aria-describedby names. */
export function FieldMessages({
  id,
  hint,
  error,
  className,
}: Pick<FieldChrome, 'hint' | 'error'> & { id: string; className?: string }) {
  if (error)
    return (
      <p id={`${id}-error`} className={cx('text-sm font-medium text-red-700', className)}>
        {error}
      </p>
    );
  if (hint)
    return (
      <p id={`${id}-hint`} className={cx('text-sm text-stone-700', className)}>
        {hint}
      </p>
    );
  return null;
}

export function useFieldId(id: string | undefined): string {
  const generated = useId();
  return id ?? generated;
}

export function describedBy(id: string, error: string | undefined, hint: string | undefined) {
  const ids = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return { 'aria-describedby': ids, 'aria-invalid': error ? true : undefined };
}
