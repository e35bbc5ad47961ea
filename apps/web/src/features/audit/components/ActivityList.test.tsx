import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { ActivityList } from './ActivityList';

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ActivityList />
    </QueryClientProvider>,
  );
}

describe('activity', () => {
  it('lists what changed, on which record and when (dd/mm/yyyy HH:mm, Lagos time), asking for the default 100', async () => {
    const requests = installFakeFetch({
      'GET /api/audit-logs': {
        status: 200,
        body: {
          items: [
            { id: '2', user_id: 'u', table_name: 'farms', record_id: '0190aaaa-bbbb', action: 'update', changes: { name: 'Green Acres' }, created_at: '2025-05-26T23:30:00.000Z' },
            { id: '1', user_id: 'u', table_name: 'farms', record_id: '0190aaaa-bbbb', action: 'create', changes: null, created_at: '2025-05-26T08:05:00.000Z' },
          ],
        },
      },
    });
    renderList();
    expect(await screen.findAllByText('Updated farm')).not.toHaveLength(0);
    expect(screen.getAllByText('Created farm')).not.toHaveLength(0);
    expect(screen.getAllByText('27/05/2025 00:30')).not.toHaveLength(0);
    expect(screen.getAllByText('26/05/2025 09:05')).not.toHaveLength(0);
    expect(screen.getAllByText('Green Acres')).not.toHaveLength(0);
    expect(screen.getAllByText('0190aaaa')).not.toHaveLength(0);
    expect(requests[0]?.path).toBe('/api/audit-logs?limit=100');
  });

  it('shows an empty state when the list cannot be read', async () => {
    installFakeFetch({ 'GET /api/audit-logs': { status: 500, body: { error: { code: 'INTERNAL', message: 'An unexpected error occurred' } } } });
    renderList();
    expect(await screen.findByText('Your activity could not be loaded. Check your connection and try again.')).toBeInTheDocument();
  });
});
