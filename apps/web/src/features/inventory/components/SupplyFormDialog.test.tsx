import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { installFakeFetch } from '@/test/fake-fetch';
import { aSupply, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SupplyFormDialog } from './SupplyFormDialog';

const FARM = FARM_ID;
const SUPPLY = aSupply({ category: 'fertilizer', name: 'NPK 15:15:15', unit: 'bag_50kg' });

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
    renderWithProviders(<SupplyFormDialog farmId={FARM} supply={SUPPLY} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Notes'), { target: { value: 'Kept in the back room' } });
    fireEvent.submit(document.getElementById(`supply-form-${SUPPLY.id}`)!);

    const alert = await dialog.findByRole('alert');
    const form = document.getElementById(`supply-form-${SUPPLY.id}`)!;
    expect(form.firstElementChild).toBe(alert);
    expect(alert.textContent).not.toBe('');
    expect(dialog.getByLabelText<HTMLTextAreaElement>('Notes').value).toBe('Kept in the back room');
  });

  it('says before saving what a new unit does to the stock, and offers only units it converts to', async () => {
    installFakeFetch({
      [`GET /api/farms/${FARM}/suppliers`]: { status: 200, body: { items: [], next_cursor: null } },
    });
    const maize = aSupply({
      category: 'fertilizer',
      name: 'Maize grain',
      unit: 'kg',
      quantity: '13',
      low_threshold: '5',
      unit_cost_kobo: 50_000,
    });
    renderWithProviders(<SupplyFormDialog farmId={FARM} supply={maize} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog'));
    const unit = dialog.getByLabelText<HTMLSelectElement>('Unit');
    expect(dialog.getByRole<HTMLOptionElement>('option', { name: 'Pieces' }).disabled).toBe(true);
    expect(dialog.getByRole<HTMLOptionElement>('option', { name: 'Bags of 50 kg' }).disabled).toBe(false);
    expect(
      dialog.getByText(
        'This supply has stock history, so it can only change to a unit Gona can convert kg to.',
      ),
    ).toBeTruthy();
    expect(dialog.queryByRole('status')).toBeNull();

    fireEvent.change(unit, { target: { value: 'bag_50kg' } });
    expect(dialog.getByRole('status').textContent).toBe(
      '13 kg will become 0.26 bags (50 kg); the low-stock level 5 kg becomes 0.1 bags (50 kg). ' +
        'The cost of ₦500 per kg becomes ₦25,000 per bag (50 kg). Its stock history is converted the same way.',
    );

    fireEvent.change(dialog.getByLabelText('Low-stock level'), { target: { value: '1.5' } });
    fireEvent.change(unit, { target: { value: 't' } });
    expect(dialog.getByRole('status').textContent).toBe(
      '13 kg will become 0.013 tonnes; the low-stock level 1.5 kg becomes 0.002 tonnes. ' +
        'The cost of ₦500 per kg becomes ₦500,000 per tonne. Its stock history is converted the same way. ' +
        'Amounts that do not convert exactly are rounded to 3 decimals, and costs to the kobo.',
    );
  });
});
