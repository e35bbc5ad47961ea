import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A back-office list's choices kept in the address, so that a link or the back button keeps them:
 * the params, and a setter of one that replaces the current entry (no history step per change);
 * an empty value takes the param out.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value === '') updated.delete(name);
        else updated.set(name, value);
        return updated;
      },
      { replace: true },
    );
  return [params, setParam] as const;
}

export type AddressSearch = ReturnType<typeof useAddressSearch>;

/**
 * A back-office search kept in the address as ?q=: `q` is what is searched (trimmed, at most `max`
 * characters); what is typed is sent on Enter or the button, not on every key, and a search over
 * `max` characters is refused beside the field with `tooLong`.
 */
export function useAddressSearch(max: number, tooLong: string) {
  const [params, setParam] = useAddressParams();
  const q = (params.get('q') ?? '').trim().slice(0, max);
  const [typed, setTyped] = useState(q);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = typed.trim();
    if (next.length > max) {
      setError(tooLong);
      return;
    }
    setError(undefined);
    setParam('q', next);
  };

  return { q, params, setParam, typed, setTyped, error, onSubmit };
}
