import type { InputHTMLAttributes } from 'react';
import { cx } from './cx';
import { FieldMessages, describedBy, useFieldId, type FieldChrome } from './Field';

export type CheckboxFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/** A yes/no choice: the box and its label are one 44 px target; hint and error sit under the label. */
export function CheckboxField({ label, error, hint, id, className, ...rest }: CheckboxFieldProps) {
  const fieldId = useFieldId(id);
  return (
    <div className={cx('flex flex-col', className)}>
      <label htmlFor={fieldId} className="flex min-h-11 items-center gap-3 text-base text-stone-900">
        <input
          id={fieldId}
          type="checkbox"
          className="size-5 shrink-0 accent-green-700 disabled:opacity-60"
          {...describedBy(fieldId, error, hint)}
          {...rest}
        />
        <span className="min-w-0 wrap-anywhere">{label}</span>
      </label>
      <FieldMessages id={fieldId} hint={hint} error={error} className="pl-8" />
    </div>
  );
}
