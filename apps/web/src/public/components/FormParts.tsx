import { t } from '../t';

type FieldProps = {
  /** Makes the ids unique on the page: `${form}-${name}`. */
  form: string;
  name: string;
  label: string;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: 'email' | 'tel' | 'text';
  required?: boolean;
  multiline?: boolean;
  minLength?: number;
  maxLength?: number;
};

/**
 * A labelled field of a prerendered form. Its message slot (`data-error-for`) is filled by the
 * page's script (showFieldErrors in form-enhance.ts) with the server's or the check's words.
 */
export function FormField({
  form,
  name,
  label,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  required,
  multiline,
  minLength,
  maxLength,
}: FieldProps) {
  const id = `${form}-${name}`;
  const describedBy = [hint && `${id}-hint`, `${id}-error`].filter(Boolean).join(' ');
  const inputClass =
    'mt-1 block min-h-11 w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 aria-[invalid=true]:border-red-700';
  const common = {
    id,
    name,
    required,
    minLength,
    maxLength,
    autoComplete,
    'aria-describedby': describedBy,
    className: inputClass,
  };
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-stone-900">
        {label}
        {required && <span className="sr-only"> ({t('contact.required')})</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-stone-700">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea rows={6} {...common} />
      ) : (
        <input type={type} inputMode={inputMode} {...common} />
      )}
      <p
        id={`${id}-error`}
        data-error-for={name}
        hidden
        className="mt-1 text-sm font-semibold text-red-800"
      />
    </div>
  );
}

/** Where the page's script puts its toasts: top right, like the app's. */
export function ToastRegion() {
  return (
    <div
      data-toast-region
      aria-live="polite"
      className="pointer-events-none fixed right-4 top-4 z-50 w-[min(356px,calc(100%-2rem))]"
    />
  );
}
