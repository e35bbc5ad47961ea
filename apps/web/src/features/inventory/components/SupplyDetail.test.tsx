import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { FarmRole } from '@gona/shared/permissions';
import '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { SupplyDetail } from './SupplyDetail';

const FARM = '01900000-0000-7000-8000-0000000000f1';
const SUPPLY = {
  id: '01900000-0000-7000-8000-0000000000a1',
  farm_id: FARM,
  category: 'veterinary',
  name: 'Oxytetracyclinehydrochloridepowder',
  quantity: '1',
  unit: 'bottle',
  low_threshold: '2',
  is_low_stock: true,
  unit_cost_kobo: 350_000,
  supplier_id: null,
  supplier_name: null,
  storage_location: null,
  expiry_date: null,
  notes: null,
  created_at: '2025-05-26T08:00:00.000Z',
  updated_at: '2025-05-26T08:00:00.000Z',
  version: 1,
};

function renderDetail(role: FarmRole, supply: Record<string, unknown>) {
  installFakeFetch({
    [`GET /api/farms/${FARM}/supplies/${SUPPLY.id}`]: { status: 200, body: supply },
    [`GET /api/farms/${FARM}/supplies/${SUPPLY.id}/movements`]: {
      status: 200,
      body: { items: [], next_cursor: null },
    },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SupplyDetail farmId={FARM} role={role} supplyId={SUPPLY.id} listPath="/dashboard/inventory" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SupplyDetail', () => {
  it('shows the unit cost to those who may see money', async () => {
    renderDetail('manager', SUPPLY);
    expect(await screen.findByRole('heading', { name: SUPPLY.name })).toBeInTheDocument();
    expect(screen.getByText('Cost per unit')).toBeInTheDocument();
    expect(screen.getByText('₦3,500')).toBeInTheDocument();
  });

  it('has no cost row for a worker, whose API answer has no cost', async () => {
    const { unit_cost_kobo: _cost, ...forWorker } = SUPPLY;
    renderDetail('worker', forWorker);
    expect(await screen.findByRole('heading', { name: SUPPLY.name })).toBeInTheDocument();
    expect(screen.queryByText('Cost per unit')).not.toBeInTheDocument();
  });
});
