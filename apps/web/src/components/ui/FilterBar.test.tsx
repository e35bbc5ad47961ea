import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { FilterBar, NoMatch } from './FilterBar';
import { optionsOf, SelectField } from './Field';

describe('FilterBar', () => {
  it('sends what is typed in the search box, beside the selects given to it', () => {
    const onChange = vi.fn();
    render(
      <FilterBar search={{ label: 'Search', placeholder: 'Name or tag', value: '', onChange }}>
        <SelectField
          label="Status"
          placeholder="All statuses"
          options={optionsOf(['active', 'sold'], (status) => status.toUpperCase())}
        />
      </FilterBar>,
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Daisy' } });
    expect(onChange).toHaveBeenCalledWith('Daisy');
    const options = within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option');
    expect(options.map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['', 'All statuses'],
      ['active', 'ACTIVE'],
      ['sold', 'SOLD'],
    ]);
  });

  it('clears the filters from the no-match state', () => {
    const onClear = vi.fn();
    render(
      <NoMatch
        title="Nothing matches"
        text="Try fewer filters."
        clearLabel="Clear filters"
        onClear={onClear}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Nothing matches' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});

describe('SelectField options', () => {
  it('shows each choice with its words, disabled where asked, before any children', () => {
    render(
      <SelectField
        label="Group"
        options={[
          { value: 'a', label: 'Layers A' },
          { value: 'b', label: 'Layers B (withdrawal)', disabled: true },
        ]}
      >
        <option value="other">Other</option>
      </SelectField>,
    );
    const options = within(screen.getByRole('combobox', { name: 'Group' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Layers A', 'Layers B (withdrawal)', 'Other']);
    expect(options[1]).toBeDisabled();
    expect(options[0]).toBeEnabled();
  });
});
