import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { FarmRole } from '@gona/shared/permissions';
import { installFakeFetch } from '@/test/fake-fetch';
import { aSupply, anAlert, anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AlertsPanel } from './AlertsPanel';

const ALERTS = `GET /api/farms/${FARM_ID}/inventory-alerts`;
const COUNT = `GET /api/farms/${FARM_ID}/inventory-alerts/count`;

const ALERT = anAlert(
  { id: anId(0xe1) },
  aSupply({
    name: 'Oxytetracycline',
    category: 'veterinary',
    quantity: '1',
    unit: 'bottle',
    low_threshold: '2',
  }),
);

function renderWidgets(role: FarmRole = 'owner') {
  renderWithProviders(
    <AlertsPanel farmId={FARM_ID} role={role} supplyPath={(id) => `/dashboard/inventory/${id}`} />,
  );
}

describe('low-stock alerts', () => {
  it('calls the action Dismiss and says what it does', async () => {
    installFakeFetch({
      [ALERTS]: { status: 200, body: { items: [ALERT], next_cursor: null } },
      [COUNT]: { status: 200, body: { open: 1, low_stock: 1 } },
    });
    renderWidgets();
    expect(await screen.findByRole('button', { name: 'Dismiss alert for Oxytetracycline' })).toBeTruthy();
    expect(
      screen.getByText('Dismiss hides an alert. The supply stays low until you receive stock.'),
    ).toBeTruthy();
  });

  it('after an alert is dismissed, still says a supply is low while its quantity is low', async () => {
    installFakeFetch({
      [ALERTS]: { status: 200, body: { items: [], next_cursor: null } },
      [COUNT]: { status: 200, body: { open: 0, low_stock: 1 } },
    });
    renderWidgets();
    expect(
      await screen.findByText(
        'No open alerts. 1 supply is still low: filter the list by Low stock to see it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Everything is above its low-stock level/)).toBeNull();
  });

  it('says everything is above its level only when no supply is low', async () => {
    installFakeFetch({
      [ALERTS]: { status: 200, body: { items: [], next_cursor: null } },
      [COUNT]: { status: 200, body: { open: 0, low_stock: 0 } },
    });
    renderWidgets();
    expect(
      await screen.findByText('No low-stock alerts. Everything is above its low-stock level.'),
    ).toBeTruthy();
  });
});
