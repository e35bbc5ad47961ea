import type { ReactNode } from 'react';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { TextField } from './Field';

type Search = {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
};

type Props = {
  /** The search box, first and twice as wide as each other filter. */
  search?: Search;
  /** The other filters: select fields (with an "All …" placeholder) and checkboxes. */
  children?: ReactNode;
};

/**
 * The filters above a list: one column on a phone; on a wider screen one row, the search box
 * first, each filter at most 20rem wide so a lone select does not stretch across the page.
 */
export function FilterBar({ search, children }: Props) {
  return (
    <div className="grid gap-3 sm:grid-flow-col sm:auto-cols-[minmax(0,20rem)] sm:items-end">
      {search && (
        <div className="sm:col-span-2">
          <TextField
            label={search.label}
            type="search"
            placeholder={search.placeholder}
            value={search.value}
            onChange={(e) => search.onChange(e.target.value)}
          />
        </div>
      )}
      {children}
    </div>
  );
}

type NoMatchProps = {
  title: string;
  text: string;
  clearLabel: string;
  onClear: () => void;
};

/** A filtered list with no rows: says so, with the one button that clears the filters. */
export function NoMatch({ title, text, clearLabel, onClear }: NoMatchProps) {
  return (
    <EmptyState
      title={title}
      description={text}
      action={
        <Button variant="secondary" onClick={onClear}>
          {clearLabel}
        </Button>
      }
    />
  );
}
