import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { ApiError } from '@/lib/http';
import { DetailState, type DetailQuery } from './DetailState';

const loaded: DetailQuery = { isPending: false, error: null, refetch: () => Promise.resolve() };

function renderState(query: DetailQuery) {
  render(
    <MemoryRouter>
      <DetailState
        query={query}
        back={{ to: '/dashboard/crops', label: 'Back to crops' }}
        notFoundTitle="This crop is gone"
        notFoundText="It may have been deleted."
        errorTitle="Could not load the crop"
        errorText={(message) => `Sorry. ${message}`}
      />
    </MemoryRouter>,
  );
}

describe('DetailState', () => {
  it('shows the way back and placeholder rows while the record loads', () => {
    renderState({ ...loaded, isPending: true, fetchStatus: 'fetching' });
    expect(screen.getByRole('link', { name: 'Back to crops' })).toHaveAttribute('href', '/dashboard/crops');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('says a record the server does not have is gone, with nothing to try again', () => {
    renderState({ ...loaded, error: new ApiError(404, 'NOT_FOUND', 'Crop not found') });
    expect(screen.getByRole('heading', { name: 'This crop is gone' })).toBeInTheDocument();
    expect(screen.getByText('It may have been deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to crops' })).toBeInTheDocument();
  });

  it('says what failed and asks again on Try again', () => {
    const refetch = vi.fn(() => Promise.resolve());
    renderState({ ...loaded, error: new ApiError(0, 'NETWORK', 'x'), refetch });
    expect(screen.getByRole('heading', { name: 'Could not load the crop' })).toBeInTheDocument();
    expect(
      screen.getByText('Sorry. Cannot reach Gona. Check your connection and try again.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says it needs a connection, not placeholder rows for ever, when offline with nothing saved', () => {
    renderState({ ...loaded, isPending: true, fetchStatus: 'paused' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(
      screen.getByText('Sorry. Cannot reach Gona. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('treats a 404 like any failure, with Try again, on a screen that names no "not found"', () => {
    const refetch = vi.fn(() => Promise.resolve());
    render(
      <MemoryRouter>
        <DetailState
          query={{ ...loaded, error: new ApiError(404, 'NOT_FOUND', 'Order not found'), refetch }}
          errorTitle="The order could not be loaded"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'The order could not be loaded' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
