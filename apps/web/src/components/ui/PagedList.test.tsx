import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import '@/i18n';
import { ApiError } from '@/lib/http';
import { PagedList, type PagedListQuery } from './PagedList';

const idle: PagedListQuery = {
  isPending: false,
  isError: false,
  error: null,
  refetch: () => Promise.resolve(),
};

function renderList(query: PagedListQuery, items: string[]) {
  render(
    <PagedList
      query={query}
      items={items}
      errorTitle="Could not load the rows"
      errorText={(message) => `Try again. ${message}`}
      empty={<p>No rows yet</p>}
    >
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </PagedList>,
  );
}

describe('PagedList', () => {
  it('shows placeholder rows while the first page loads', () => {
    renderList({ ...idle, isPending: true }, []);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('says what failed and asks again on Try again', () => {
    const refetch = vi.fn(() => Promise.resolve());
    renderList({ ...idle, isError: true, error: new ApiError(0, 'NETWORK', 'x'), refetch }, []);
    expect(screen.getByRole('heading', { name: 'Could not load the rows' })).toBeInTheDocument();
    expect(
      screen.getByText('Try again. Cannot reach Gona. Check your connection and try again.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says it needs a connection, not placeholder rows for ever, when offline with nothing saved', () => {
    renderList({ ...idle, isPending: true, fetchStatus: 'paused' }, []);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(
      screen.getByText('Try again. Cannot reach Gona. Check your connection and try again.'),
    ).toBeInTheDocument();
  });

  it('keeps the rows it has when a refresh fails', () => {
    renderList({ ...idle, isError: true, error: new Error('x') }, ['Maize']);
    expect(screen.getByText('Maize')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no rows', () => {
    renderList(idle, []);
    expect(screen.getByText('No rows yet')).toBeInTheDocument();
  });

  it('shows the rows and Show more while the server has more pages', () => {
    const fetchNextPage = vi.fn(() => Promise.resolve());
    renderList({ ...idle, hasNextPage: true, fetchNextPage }, ['Maize', 'Rice']);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Maize', 'Rice']);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('has no Show more on the last page', () => {
    renderList({ ...idle, hasNextPage: false, fetchNextPage: () => Promise.resolve() }, ['Maize']);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
