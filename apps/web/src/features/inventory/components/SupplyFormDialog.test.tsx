import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@/i18n';
import type { Supply } from '@gona/shared/inventory';
import { installFakeFetch } from '@/test/fake-fetch';
import { SupplyFormDialog } from './SupplyFormDialog';

const FARM = '01900000-0000-7000-8000-0000000000f1';
const SUPPLY: Supply = {
  id: '01900000-0000-7000-8000-0000000000a1',
  farm_id: FARM,
  category: 'fertilizer',
  name: 'NPK 15:15:15',
  quantity: '10',
  unit: 'bag_50kg',
  low_threshold: '3',
  is_low_stock: false,
  unit_cost_kobo: null,
  supplier_id: null,
  supplier_name: null,
  storage_location: null,
  expiry_date: null,
  notes: null,
  created_at: '2025-05-26T08:00:00.000Z',
  updated_at: '2025-05-26T08:00:00.000Z',
  version: 1,
};

describe('SupplyFormDialog', () => {
  it('shows a stale edit at the top of the form and keeps what was typed', async () => {
    installFakeFetch({
      [`GET /api/farms/${FARM}/suppliers`]: { status: 200, body: { items: [], next_cursor: null } },
      [`PATCH /api/farms/${FARM}/supplies/${SUPPLY.id}`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'This record was changed by someone else. Reload and try again.',
          },
        },
      },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SupplyFormDialog farmId={FARM} supply={SUPPLY} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Notes'), { target: { value: 'Kept in the back room' } });
    fireEvent.submit(document.getElementById(`supply-form-${SUPPLY.id}`)!);

    const alert = await dialog.findByRole('alert');
    const form = document.getElementById(`supply-form-${SUPPLY.id}`)!;
    expect(form.firstElementChild).toBe(alert);
    expect(alert.textContent).not.toBe('');
    expect(dialog.getByLabelText<HTMLTextAreaElement>('Notes').value).toBe('Kept in the back room');
  });
});
