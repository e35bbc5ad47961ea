import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { FarmRole } from '@gona/shared/permissions';
import { installFakeFetch } from '@/test/fake-fetch';
import { aPhoto, aSupplyWithPhotos, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SupplyDetail } from './SupplyDetail';

const SUPPLY = aSupplyWithPhotos({
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

  it('shows the supply’s photos, each opening full size', async () => {
    const photo = aPhoto();
    renderDetail('worker', { ...SUPPLY, photos: [photo] });
    const thumb = await screen.findByRole('img', { name: `Photo 1 of 1: ${SUPPLY.name}` });
    expect(thumb).toHaveAttribute('src', photo.thumb_url);
    fireEvent.click(thumb);
    expect(within(screen.getByRole('dialog')).getByRole('img')).toHaveAttribute('src', photo.url);
  });

  it('opens a supply saved on this phone before photos existed', async () => {
    const { photos: _none, ...older } = SUPPLY;
    renderDetail('owner', older);
    expect(await screen.findByRole('heading', { name: SUPPLY.name })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Photos' })).not.toBeInTheDocument();
  });

  it('has no cost row for a worker, whose API answer has no cost', async () => {
    const { unit_cost_kobo: _cost, ...forWorker } = SUPPLY;
    renderDetail('worker', forWorker);
    expect(await screen.findByRole('heading', { name: SUPPLY.name })).toBeInTheDocument();
    expect(screen.queryByText('Cost per unit')).not.toBeInTheDocument();
  });
});
