import type { ReactNode } from 'react';
import { Button, TextField } from '@/components/ui';
import type { AddressSearch } from './address-search';

type Props = {
  search: AddressSearch;
  /** The search field's label and hint. */
  label: string;
  hint: string;
  submitLabel: string;
  /** Filters under the field, changed at once (kept in the address by the screen). */
  children?: ReactNode;
};

/** A back-office search form: one field, sent on Enter or the button, its refusal beside the field. */
export function AdminSearchForm({ search, label, hint, submitLabel, children }: Props) {
  return (
    <form role="search" noValidate onSubmit={search.onSubmit} className="flex flex-col gap-3">
      <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-start">
        <TextField
          label={label}
          hint={hint}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={search.typed}
          error={search.error}
          onChange={(e) => search.setTyped(e.target.value)}
        />
        <Button type="submit" className="sm:mt-7">
          {submitLabel}
        </Button>
      </div>
      {children}
    </form>
  );
}
