import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SaleSchema, type Owed, type Sale, type SaleStock } from '@gona/shared/finance';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch, type FakeRequest } from '@/test/fake-fetch';
import { anAnimal, anId, aPage, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SaleFormDialog } from './SaleFormDialog';
import { SaleList } from './SaleList';

const BASE = `/api/farms/${FARM_ID}`;
const PERIOD = { from: '2026-01-01', to: '2026-12-31' };
const NOBODY_OWES: Owed = {
  buyers: [],
  total_kobo: 0,
  creditors: [],
  wages_kobo: 0,
  wage_runs: 0,
  owed_by_farm_kobo: 0,
};
const BROILERS = anAnimal({
  id: anId(0xd7),
  species: 'chicken_broiler',
  name: 'Broilers A',
  head_count: 180,
});
const STOCK: SaleStock = {
  harvest: [
    { crop_key: 'maize', crop_name: 'Maize', kg: '520' },
    { crop_key: 'cowpea', crop_name: 'Cowpea', kg: '1200.5' },
  ],
  eggs: 440,
};

function aSale(overrides: Partial<Sale> = {}): Sale {
  return SaleSchema.parse({
    id: anId(0x5a),
    farm_id: FARM_ID,
    date: '2026-09-01',
    buyer_name: 'Mama Ngozi',
    buyer_phone: null,
    product: 'Maize grain',
    quantity: '3',
    unit: 'bag_50kg',
    unit_price_kobo: 3_000_000,
    amount_kobo: 9_000_000,
    paid_kobo: 4_000_000,
    balance_kobo: 5_000_000,
    payment_status: 'part_paid',
    due_date: '2026-09-30',
    crop_id: null,
    animal_id: null,
    enterprise_name: null,
    source: 'manual',
    stock_kind: 'harvest',
    stock_crop_key: 'maize',
    stock_quantity: '150',
    livestock_event_id: null,
    notes: null,
    created_at: '2026-09-01T10:00:00.000Z',
    updated_at: '2026-09-01T10:00:00.000Z',
    version: 2,
    ...overrides,
  });
}

type Handler =
  { status: number; body?: unknown } | ((request: FakeRequest) => { status: number; body?: unknown });

function routes(extra: Record<string, Handler> = {}) {
  return installFakeFetch({
    [`GET ${BASE}/money/stock`]: { status: 200, body: STOCK },
    [`GET ${BASE}/crops`]: { status: 200, body: aPage([]) },
    [`GET ${BASE}/livestock`]: { status: 200, body: aPage([BROILERS]) },
    ...extra,
  });
}

const dialog = async () => within(await screen.findByRole('dialog'));
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

// Loaded with the money screen in the app.
beforeAll(() => loadNamespaces(['money']));

describe('SaleFormDialog: taken from store', () => {
  it('offers stored harvest with its kg and the eggs in hand, and works out the kg of bags', async () => {
    const requests = routes({ [`POST ${BASE}/sales`]: { status: 201, body: aSale() } });
    const onClose = vi.fn();
    renderWithProviders(<SaleFormDialog farmId={FARM_ID} onClose={onClose} />);
    const form = await dialog();
    const takenFrom = await form.findByLabelText<HTMLSelectElement>('Taken from');
    expect([...takenFrom.options].map((o) => o.text)).toEqual([
      'Not from store',
      'Stored maize (520 kg in store)',
      'Stored cowpea (1,200.5 kg in store)',
      'Eggs (440 in hand)',
    ]);
    type('What was sold', 'Maize grain');
    type('Quantity', '3');
    type('Unit', 'bag_50kg');
    type('Price per unit (₦)', '30,000');
    type('Taken from', 'harvest:maize');
    expect(form.getByRole('status').textContent).toBe('150 kg will come off the store.');
    expect(form.queryByLabelText('Kg taken from store')).toBeNull();
    fireEvent.click(form.getByRole('button', { name: 'Save sale' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      quantity: '3',
      unit: 'bag_50kg',
      amount_kobo: 9_000_000,
      stock_kind: 'harvest',
      stock_crop_key: 'maize',
      stock_quantity: null,
      take_off_count: false,
    });
  });

  it('asks for the kg of a unit without a fixed weight, and shows a shortage beside the field', async () => {
    const requests = routes({
      [`POST ${BASE}/sales`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Some fields need attention',
            fields: { stock_quantity: 'Only 520 kg of maize is in store' },
          },
        },
      },
    });
    renderWithProviders(<SaleFormDialog farmId={FARM_ID} onClose={() => undefined} />);
    const form = await dialog();
    await form.findByLabelText('Taken from');
    type('What was sold', 'Maize');
    type('Quantity', '30');
    type('Unit', 'basket');
    type('Amount (₦)', '600000');
    type('Taken from', 'harvest:maize');
    const kg = form.getByLabelText('Kg taken from store');
    expect(form.getByText('A sale in baskets has no fixed weight: enter the kg taken')).toBeTruthy();

    fireEvent.click(form.getByRole('button', { name: 'Save sale' }));
    expect(await form.findByText('Enter how many kg it took from store')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(kg, { target: { value: '600' } });
    fireEvent.click(form.getByRole('button', { name: 'Save sale' }));
    expect(await form.findByText('Only 520 kg of maize is in store')).toBeTruthy();
    expect(kg.getAttribute('aria-invalid')).toBe('true');
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      unit: 'basket',
      stock_kind: 'harvest',
      stock_crop_key: 'maize',
      stock_quantity: '600',
    });
  });

  it('takes eggs by the crate of 30', async () => {
    const requests = routes({ [`POST ${BASE}/sales`]: { status: 201, body: aSale() } });
    const onClose = vi.fn();
    renderWithProviders(<SaleFormDialog farmId={FARM_ID} onClose={onClose} />);
    const form = await dialog();
    await form.findByLabelText('Taken from');
    type('What was sold', 'Eggs');
    type('Quantity', '2.5');
    type('Unit', 'crate');
    type('Amount (₦)', '10000');
    type('Taken from', 'eggs');
    expect(form.getByRole('status').textContent).toBe('75 eggs will come off what is in hand.');
    fireEvent.click(form.getByRole('button', { name: 'Save sale' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      stock_kind: 'eggs',
      stock_crop_key: null,
      stock_quantity: null,
    });
  });
});

describe('SaleFormDialog: animals sold by the head', () => {
  it('offers to take them off the group’s count, on by default, only for a group sold by the head', async () => {
    const requests = routes({ [`POST ${BASE}/sales`]: { status: 201, body: aSale() } });
    const onClose = vi.fn();
    renderWithProviders(<SaleFormDialog farmId={FARM_ID} onClose={onClose} />);
    const form = await dialog();
    await form.findByRole('option', { name: 'Broilers A' });
    type('What was sold', 'Live broilers');
    type('Quantity', '20');
    type('Amount (₦)', '70000');
    type('Which crop or animals?', `animal:${BROILERS.id}`);
    expect(form.queryByLabelText("Take these animals off the group's count")).toBeNull();
    type('Unit', 'head');
    const box = form.getByLabelText<HTMLInputElement>("Take these animals off the group's count");
    expect(box.checked).toBe(true);
    expect(form.getByText('Broilers A has 180 now; the count goes down by the number sold.')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Save sale' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      quantity: '20',
      unit: 'head',
      animal_id: BROILERS.id,
      take_off_count: true,
    });
  });

  it('sends the sale as money only when the box is cleared', async () => {
    const requests = routes({ [`POST ${BASE}/sales`]: { status: 201, body: aSale() } });
    const onClose = vi.fn();
    renderWithProviders(<SaleFormDialog farmId={FARM_ID} onClose={onClose} />);
    const form = await dialog();
    await form.findByRole('option', { name: 'Broilers A' });
    type('What was sold', 'Live broilers');
    type('Quantity', '20');
    type('Unit', 'head');
    type('Amount (₦)', '70000');
    type('Which crop or animals?', `animal:${BROILERS.id}`);
    fireEvent.click(form.getByLabelText("Take these animals off the group's count"));
    fireEvent.click(form.getByRole('button', { name: 'Save sale' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ take_off_count: false });
  });
});

describe('SaleFormDialog: changing a sale', () => {
  it('opens filled in, counts its own kg as available, and saves with its version', async () => {
    const sale = aSale();
    const requests = routes({
      [`PATCH ${BASE}/sales/${sale.id}`]: { status: 200, body: { ...aSale({ version: 3 }), payments: [] } },
    });
    const onClose = vi.fn();
    renderWithProviders(<SaleFormDialog farmId={FARM_ID} sale={sale} onClose={onClose} />);
    const form = await dialog();
    expect(form.getByRole('heading', { name: 'Change a sale' })).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>('What was sold').value).toBe('Maize grain');
    expect(form.getByLabelText<HTMLInputElement>('Amount (₦)').value).toBe('90000');
    expect(
      form.getByText('Paid so far: ₦40,000 of ₦90,000. Money received later goes in with Record payment.'),
    ).toBeTruthy();
    const takenFrom = await form.findByLabelText<HTMLSelectElement>('Taken from');
    expect(takenFrom.value).toBe('harvest:maize');
    expect(takenFrom.selectedOptions[0]?.text).toBe('Stored maize (670 kg in store)');

    type('Quantity', '4');
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      quantity: '4',
      stock_kind: 'harvest',
      stock_crop_key: 'maize',
      due_date: '2026-09-30',
      version: 2,
    });
  });

  it('says when someone else changed it, and loads their version', async () => {
    const sale = aSale();
    const theirs = { ...aSale({ product: 'Yellow maize', version: 5 }), payments: [] };
    const requests = routes({
      [`PATCH ${BASE}/sales/${sale.id}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This record was changed by someone else.' } },
      },
      [`GET ${BASE}/sales/${sale.id}`]: { status: 200, body: theirs },
    });
    renderWithProviders(<SaleFormDialog farmId={FARM_ID} sale={sale} onClose={() => undefined} />);
    let form = await dialog();
    type('Buyer', 'Mr Bello');
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    expect(
      await form.findByText(
        'Someone else changed this sale while you were editing. Load their version, then make your change again.',
      ),
    ).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Load their version' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('What was sold').value).toBe('Yellow maize'),
    );
    form = await dialog();
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(
        requests.filter((r) => r.method === 'PATCH').map((r) => (r.body as { version: number }).version),
      ).toEqual([2, 5]),
    );
  });

  it('asks before deleting, saying the kg go back into store', async () => {
    const sale = aSale();
    const requests = routes({ [`DELETE ${BASE}/sales/${sale.id}`]: { status: 204 } });
    const onClose = vi.fn();
    renderWithProviders(<SaleFormDialog farmId={FARM_ID} sale={sale} onClose={onClose} />);
    fireEvent.click((await dialog()).getByRole('button', { name: 'Delete sale' }));
    const question = within(await screen.findByRole('alertdialog'));
    expect(
      question.getByText(
        "Maize grain for ₦90,000 will no longer count in the farm's money, with its payments. What it took (150 kg) goes back into store.",
      ),
    ).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(question.getByRole('button', { name: 'Delete sale' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `${BASE}/sales/${sale.id}`,
    ]);
  });

  it('keeps the number, unit and group of animals taken off a count, and says deleting leaves them off', async () => {
    const sale = aSale({
      product: 'Live broilers',
      quantity: '20',
      unit: 'head',
      animal_id: BROILERS.id,
      enterprise_name: 'Broilers A',
      stock_kind: null,
      stock_crop_key: null,
      stock_quantity: null,
      livestock_event_id: anId(0xe1),
    });
    routes();
    renderWithProviders(<SaleFormDialog farmId={FARM_ID} sale={sale} onClose={() => undefined} />);
    const form = await dialog();
    expect(form.getByLabelText<HTMLInputElement>('Quantity').disabled).toBe(true);
    expect(form.getByLabelText<HTMLSelectElement>('Unit').disabled).toBe(true);
    expect(form.queryByLabelText('Which crop or animals?')).toBeNull();
    expect(
      form.getByText(
        "20 head were taken off Broilers A's count when this sale was recorded, so the quantity, unit and animals stay as they are.",
      ),
    ).toBeTruthy();
    expect(form.queryByLabelText('Taken from')).toBeNull();
    fireEvent.click(form.getByRole('button', { name: 'Delete sale' }));
    const question = within(await screen.findByRole('alertdialog'));
    expect(
      question.getByText(
        "Live broilers for ₦90,000 will no longer count in the farm's money, with its payments. The 20 head taken off Broilers A's count stay off it: the group's history keeps the sale.",
      ),
    ).toBeTruthy();
  });
});

describe('SaleList', () => {
  it('opens a sale for owners and managers, and says what it took from store', async () => {
    const sale = aSale();
    routes({
      [`GET ${BASE}/sales`]: { status: 200, body: aPage([sale]) },
      [`GET ${BASE}/money/owed`]: { status: 200, body: NOBODY_OWES },
    });
    renderWithProviders(<SaleList farmId={FARM_ID} period={PERIOD} writer addAction={null} />);
    const open = await screen.findByRole('button', { name: /Maize grain · 3 bags \(50 kg\)/ });
    expect(within(open).getByText('150 kg from store')).toBeTruthy();
    fireEvent.click(open);
    const form = await dialog();
    expect(form.getByRole('heading', { name: 'Change a sale' })).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>('Quantity').value).toBe('3');
  });

  it('lets viewers read a sale without opening it', async () => {
    routes({
      [`GET ${BASE}/sales`]: { status: 200, body: aPage([aSale()]) },
      [`GET ${BASE}/money/owed`]: { status: 200, body: NOBODY_OWES },
    });
    renderWithProviders(<SaleList farmId={FARM_ID} period={PERIOD} writer={false} addAction={null} />);
    expect(await screen.findByText('150 kg from store')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Maize grain/ })).toBeNull();
  });
});

describe('SaleFormDialog: exact quantities', () => {
  it('sends the quantity as typed, as a decimal string, and works the amount out to the kobo half up', async () => {
    const requests = routes({ [`POST ${BASE}/sales`]: { status: 201, body: aSale() } });
    const onClose = vi.fn();
    renderWithProviders(<SaleFormDialog farmId={FARM_ID} onClose={onClose} />);
    const form = await dialog();
    type('What was sold', 'Pepper');
    type('Quantity', '1,000.125');
    type('Unit', 'kg');
    // 1000.125 kg × ₦10.01 = ₦10,011.25125: 1,001,125.125 kobo, so 1,001,125 kobo.
    type('Price per unit (₦)', '10.01');
    expect(form.getByLabelText<HTMLInputElement>('Amount (₦)').value).toBe('10011.25');
    // 0.005 kg at ₦1 is half a kobo: up to 1 kobo.
    type('Quantity', '0.005');
    type('Price per unit (₦)', '1');
    expect(form.getByLabelText<HTMLInputElement>('Amount (₦)').value).toBe('0.01');
    type('Quantity', '1,000.125');
    type('Price per unit (₦)', '10.01');
    fireEvent.click(form.getByRole('button', { name: 'Save sale' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      quantity: '1000.125',
      unit_price_kobo: 1001,
      amount_kobo: 1_001_125,
    });
  });
});
