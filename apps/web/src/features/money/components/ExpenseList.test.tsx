import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Expense } from '@gona/shared/finance';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ExpenseList } from './ExpenseList';

const BASE = `/api/farms/${FARM_ID}`;

beforeAll(() => loadNamespaces(['money']));

const FEED: Expense = {
  id: anId(0xa1),
  farm_id: FARM_ID,
  date: '2026-11-10',
  category: 'feed',
  amount_kobo: 7_600_000,
  description: null,
  supplier_id: null,
  supplier_name: null,
  paid_to: 'Afri Feeds',
  payment_method: 'cash',
  notes: null,
  allocations: [{ crop_id: null, animal_id: null, name: null, amount_kobo: 7_600_000 }],
  movement_id: anId(0xa2),
  stock_receipt: { supply_id: anId(0xa3), supply_name: 'Layers mash', quantity: '4', unit: 'bag_25kg' },
  paid_on: '2026-11-10',
  due_date: null,
  recurring_id: null,
  receipt_count: 0,
  created_at: '2026-11-10T09:00:00.000Z',
  updated_at: '2026-11-10T09:00:00.000Z',
  version: 1,
};

describe('the expense list', () => {
  it('says which stock receipt an expense paid for', async () => {
    installFakeFetch({
      [`GET ${BASE}/expenses`]: { status: 200, body: { items: [FEED], next_cursor: null } },
      [`GET ${BASE}/expenses/totals`]: {
        status: 200,
        body: { count: 1, total_kobo: 7_600_000, by_category: [{ category: 'feed', total_kobo: 7_600_000 }] },
      },
      [`GET ${BASE}/money/owed`]: {
        status: 200,
        body: { buyers: [], total_kobo: 0, creditors: [], wages_kobo: 0, wage_runs: 0, owed_by_farm_kobo: 0 },
      },
      [`GET ${BASE}/recurring-expenses`]: { status: 200, body: { items: [], next_cursor: null } },
      [`GET ${BASE}/crops`]: { status: 200, body: { items: [], next_cursor: null } },
      [`GET ${BASE}/livestock`]: { status: 200, body: { items: [], next_cursor: null } },
    });
    renderWithProviders(
      <ExpenseList
        farmId={FARM_ID}
        period={{ from: '2026-01-01', to: '2026-11-25' }}
        writer
        addAction={null}
      />,
    );
    expect(await screen.findByText('Stock received: 4 bags (25 kg) of Layers mash')).toBeInTheDocument();
  });
});
