import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { FarmRole } from '@gona/shared/permissions';
import { installFakeFetch } from '@/test/fake-fetch';
import { aSupply, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SupplyDetail } from './SupplyDetail';

const SUPPLY = aSupply({
  category: 'veterinary',
  name: 'Oxytetracyclinehydrochloridepowder',
  quantity: '1',
  unit: 'bottle',
  low_threshold: '2',
  unit_cost_kobo: 350_000,
});

function renderDetail(role: FarmRole, supply: Record<string, unknown>) {
  installFakeFetch({
    [`GET /api/farms/${FARM_ID}/supplies/${SUPPLY.id}`]: { status: 200, body: supply },
    [`GET /api/farms/${FARM_ID}/supplies/${SUPPLY.id}/movements`]: {
      status: 200,
      body: { items: [], next_cursor: null },
    },
  });
  renderWithProviders(
    <SupplyDetail farmId={FARM_ID} role={role} supplyId={SUPPLY.id} listPath="/dashboard/inventory" />,
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
