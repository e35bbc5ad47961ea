import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import type { Movement } from '@gona/shared/inventory';
import type { FarmRole } from '@gona/shared/permissions';
import { AppToaster } from '@/app/toaster';
import { installFakeFetch, type FakeRequest, type FakeResponse } from '@/test/fake-fetch';
import { aMovement, aSupply, aSupplyWithPhotos, anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { dayOnFarm } from '../receipt-expense';
import { RefusedChange } from './RefusedChange';
import { SupplyDetail } from './SupplyDetail';
import { SupplyList } from './SupplyList';

const SUPPLIER = anId(0xc5);
const SUPPLY = aSupplyWithPhotos({
  category: 'animal_feed',
  name: 'Layers mash',
  unit: 'bag_25kg',
  quantity: '2',
  low_threshold: '1',
  unit_cost_kobo: 1_800_000,
  supplier_id: SUPPLIER,
  supplier_name: 'Afri Feeds',
});
const BASE = `/api/farms/${FARM_ID}`;
const SUPPLY_URL = `GET ${BASE}/supplies/${SUPPLY.id}`;
const HISTORY = `GET ${BASE}/supplies/${SUPPLY.id}/movements`;
const RECORD = `POST ${BASE}/supplies/${SUPPLY.id}/movements`;
const EXPENSES = `POST ${BASE}/expenses`;
const EXPENSE_ID = anId(0xe1);

/** 4 bags at ₦19,000 that came in at 00:30 on 2 June in Lagos (23:30 on 1 June, UTC). */
const RECEIPT = aMovement({
  id: anId(0xb4),
  supply_id: SUPPLY.id,
  kind: 'received',
  quantity: '4',
  quantity_after: '6',
  unit_cost_kobo: 1_900_000,
  expense_id: null,
  created_at: '2026-06-01T23:30:00.000Z',
});
const page = (items: Movement[]) => ({ status: 200, body: { items, next_cursor: null } });
const created = { status: 201, body: { id: EXPENSE_ID } };

function renderDetail(
  role: FarmRole,
  routes: Record<string, FakeResponse | ((r: FakeRequest) => FakeResponse)>,
) {
  const requests = installFakeFetch({
    [SUPPLY_URL]: { status: 200, body: SUPPLY },
    [HISTORY]: page([]),
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <SupplyDetail farmId={FARM_ID} role={role} supplyId={SUPPLY.id} listPath="/dashboard/inventory" />
      <AppToaster />
    </>,
  );
  return { requests, ...view };
}

/** Records 4 bags received through the Record stock dialog, at the given cost (none for a worker). */
async function receiveFour(cost?: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Record stock' }));
  const dialog = within(screen.getByRole('dialog'));
  fireEvent.click(dialog.getByLabelText('Received'));
  fireEvent.change(dialog.getByLabelText(/How much/), { target: { value: '4' } });
  if (cost !== undefined)
    fireEvent.change(dialog.getByLabelText('Cost per unit (₦)'), { target: { value: cost } });
  fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
}

const offer = () => screen.findByRole('region', { name: 'Record ₦76,000 as an expense?' });
/** The history as phones show it (cards; the table beside it says the same from the md breakpoint up). */
const history = async () => within(await screen.findByRole('list', { name: 'Stock movements' }));
/** The dialog closes once the server has the movement (toasts from earlier tests may still hold the stage). */
const recorded = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
const expensesSent = (requests: FakeRequest[]) =>
  requests.filter((r) => `${r.method} ${r.path}` === EXPENSES);

afterEach(() => onlineManager.setOnline(true));

describe('receiving stock with a unit cost offers the expense', () => {
  it('offers ₦76,000 for 4 bags at ₦19,000, for feed, paid to the supplier on the farm’s day, and records it in one tap', async () => {
    const { requests } = renderDetail('manager', {
      [RECORD]: { status: 201, body: { movement: RECEIPT, supply: { ...SUPPLY, quantity: '6' } } },
      [EXPENSES]: created,
    });
    await receiveFour('19,000');

    const card = within(await offer());
    expect(card.getByText('4 bags (25 kg) of Layers mash, received 02/06/2026')).toBeInTheDocument();
    expect(card.getByText('Feed · paid to Afri Feeds · whole farm')).toBeInTheDocument();
    expect(card.getByLabelText('Paid by')).toHaveValue('cash');
    expect(expensesSent(requests)).toHaveLength(0);

    fireEvent.change(card.getByLabelText('Paid by'), { target: { value: 'pos' } });
    fireEvent.click(card.getByRole('button', { name: 'Record expense' }));

    expect(await screen.findByText('₦76,000 recorded as an expense')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /as an expense\?/ })).not.toBeInTheDocument();
    expect(expensesSent(requests)).toHaveLength(1);
    const { id, ...sent } = expensesSent(requests)[0]?.body as { id: string };
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent).toEqual({
      date: '2026-06-02',
      category: 'feed',
      amount_kobo: 7_600_000,
      description: '4 bags (25 kg) of Layers mash',
      supplier_id: SUPPLIER,
      payment_method: 'pos',
      movement_id: RECEIPT.id,
    });
  });

  it('is a card the farmer may leave: Not now or Escape closes it and records nothing', async () => {
    const { requests } = renderDetail('owner', {
      [RECORD]: { status: 201, body: { movement: RECEIPT, supply: SUPPLY } },
      [EXPENSES]: created,
    });
    await receiveFour('19000');
    // Not a modal: the screen behind stays usable while it shows.
    expect(within(await offer()).getByRole('heading')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Record stock' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: /as an expense\?/ })).not.toBeInTheDocument();

    await receiveFour('19000');
    fireEvent.keyDown(await offer(), { key: 'Escape' });
    expect(screen.queryByRole('region', { name: /as an expense\?/ })).not.toBeInTheDocument();
    expect(expensesSent(requests)).toHaveLength(0);
  });

  it('offers nothing for stock received without a cost, or for stock used', async () => {
    const { requests } = renderDetail('owner', {
      [RECORD]: (request) => {
        const body = request.body as { id: string; kind: 'received' | 'used'; quantity: string };
        const quantity = body.kind === 'used' ? '-1' : body.quantity;
        return {
          status: 201,
          body: {
            movement: { ...RECEIPT, id: body.id, kind: body.kind, quantity, unit_cost_kobo: null },
            supply: SUPPLY,
          },
        };
      },
    });
    await receiveFour();
    await recorded();
    expect(screen.queryByRole('region', { name: /as an expense\?/ })).not.toBeInTheDocument();
    expect(expensesSent(requests)).toHaveLength(0);
  });

  it('is offered from the supply list’s Receive too', async () => {
    const listed = aSupply({ ...SUPPLY });
    installFakeFetch({
      [`GET ${BASE}/supplies`]: { status: 200, body: { items: [listed], next_cursor: null } },
      [RECORD]: { status: 201, body: { movement: RECEIPT, supply: listed } },
    });
    renderWithProviders(
      <SupplyList farmId={FARM_ID} role="owner" onAdd={() => undefined} supplyPath={(id) => `/s/${id}`} />,
    );
    const receive = await screen.findAllByRole('button', { name: 'Record stock received for Layers mash' });
    fireEvent.click(receive[0]!);
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/How much/), { target: { value: '4' } });
    fireEvent.change(dialog.getByLabelText('Cost per unit (₦)'), { target: { value: '19000' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await offer()).toBeInTheDocument();
  });

  it('never reaches a worker: no cost asked, none offered, no cost or expense in the history', async () => {
    const { unit_cost_kobo: _cost, ...supplyForWorker } = SUPPLY;
    const { unit_cost_kobo: _unit, expense_id: _expense, ...seenByWorker } = RECEIPT;
    const { requests } = renderDetail('worker', {
      [SUPPLY_URL]: { status: 200, body: supplyForWorker },
      [HISTORY]: page([seenByWorker]),
      [RECORD]: { status: 201, body: { movement: seenByWorker, supply: supplyForWorker } },
    });
    const rows = await history();
    expect(rows.getByText('Received')).toBeInTheDocument();
    expect(screen.queryByText(/Cost ₦/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /as an expense$/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Record stock' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByLabelText('Received'));
    expect(dialog.queryByLabelText('Cost per unit (₦)')).not.toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText(/How much/), { target: { value: '4' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await recorded();
    expect(screen.queryByRole('region', { name: /as an expense\?/ })).not.toBeInTheDocument();
    expect(expensesSent(requests)).toHaveLength(0);
  });
});

describe('the stock history and its receipts’ expenses', () => {
  const PAID = { ...RECEIPT, id: anId(0xb5), expense_id: EXPENSE_ID, created_at: '2026-05-20T10:00:00.000Z' };

  it('shows a viewer what receipts cost and which are recorded, and offers them nothing', async () => {
    renderDetail('viewer', { [HISTORY]: page([RECEIPT, PAID]) });
    const rows = await history();
    expect(rows.getAllByText('Cost ₦76,000')).toHaveLength(2);
    expect(rows.getAllByText('Expense recorded')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /as an expense$/ })).not.toBeInTheDocument();
  });

  it('lets a manager record a receipt later; the row then says it is recorded', async () => {
    let paid = false;
    const { requests } = renderDetail('manager', {
      [HISTORY]: () => page([paid ? { ...RECEIPT, expense_id: EXPENSE_ID } : RECEIPT, PAID]),
      [EXPENSES]: () => {
        paid = true;
        return created;
      },
    });
    const rows = await history();
    const later = rows.getByRole('button', {
      name: 'Record ₦76,000 for 4 bags (25 kg) received 02/06/2026 00:30 as an expense',
    });
    expect(rows.getAllByText('Expense recorded')).toHaveLength(1);
    fireEvent.click(later);
    fireEvent.click(within(await offer()).getByRole('button', { name: 'Record expense' }));

    // Toasts outlive a test in sonner's store, so an earlier test's may show beside this one's.
    expect(await screen.findAllByText('₦76,000 recorded as an expense')).not.toHaveLength(0);
    await waitFor(() => expect(rows.getAllByText('Expense recorded')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /as an expense$/ })).not.toBeInTheDocument();
    expect(expensesSent(requests)[0]?.body).toMatchObject({
      movement_id: RECEIPT.id,
      payment_method: 'cash',
    });
  });

  it('says a receipt recorded meanwhile (another tab) is already recorded, and marks it so', async () => {
    let paidElsewhere = false;
    renderDetail('owner', {
      [HISTORY]: () => page([paidElsewhere ? { ...RECEIPT, expense_id: anId(0xe9) } : RECEIPT]),
      [EXPENSES]: () => {
        paidElsewhere = true;
        return {
          status: 409,
          body: { error: { code: 'CONFLICT', message: 'This stock receipt already has its expense.' } },
        };
      },
    });
    const rows = await history();
    fireEvent.click(rows.getByRole('button', { name: /^Record ₦76,000 for 4 bags/ }));
    fireEvent.click(within(await offer()).getByRole('button', { name: 'Record expense' }));

    expect(await screen.findByText('This receipt is already recorded as an expense')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /as an expense\?/ })).not.toBeInTheDocument();
    expect(await rows.findByText('Expense recorded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Record ₦76,000 for/ })).not.toBeInTheDocument();
  });

  it('keeps the offer open with the server’s reason when it is refused', async () => {
    renderDetail('owner', {
      [HISTORY]: page([RECEIPT]),
      [EXPENSES]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Some fields need attention',
            fields: { movement_id: 'Choose a stock receipt of this farm' },
          },
        },
      },
    });
    fireEvent.click((await history()).getByRole('button', { name: /^Record ₦76,000 for 4 bags/ }));
    const card = within(await offer());
    fireEvent.click(card.getByRole('button', { name: 'Record expense' }));
    expect(await card.findByRole('alert')).toHaveTextContent(
      'Not recorded. Choose a stock receipt of this farm',
    );
  });
});

describe('offline', () => {
  it('keeps the receipt and its expense on the phone and sends them in that order, each once', async () => {
    const { requests } = renderDetail('manager', {
      [RECORD]: (request) => ({
        status: 201,
        body: { movement: { ...RECEIPT, id: (request.body as { id: string }).id }, supply: SUPPLY },
      }),
      [EXPENSES]: created,
    });
    // The screen was opened with a connection, which then went.
    await screen.findByRole('button', { name: 'Record stock' });
    onlineManager.setOnline(false);
    await receiveFour('19000');
    const card = within(await offer());
    expect(card.getByText(`4 bags (25 kg) of Layers mash, received ${today()}`)).toBeInTheDocument();
    fireEvent.click(card.getByRole('button', { name: 'Record expense' }));
    expect(
      await screen.findByText('Saved on this phone. The expense will be sent when you are back online.'),
    ).toBeInTheDocument();
    const writes = () => requests.filter((r) => r.method === 'POST');
    expect(writes()).toHaveLength(0);

    onlineManager.setOnline(true);
    await waitFor(() => expect(writes()).toHaveLength(2));
    const [movement, expense] = writes();
    expect(movement?.path).toBe(RECORD.slice(5));
    expect(expense?.path).toBe(EXPENSES.slice(5));
    expect(expense?.body).toMatchObject({
      movement_id: (movement?.body as { id: string }).id,
      amount_kobo: 7_600_000,
      date: dayOnFarm(new Date().toISOString()),
    });
  });
});

describe('a queued receipt expense the server refused', () => {
  it('is named by its amount, quantity and supply in the needs-attention list', () => {
    installFakeFetch({});
    renderWithProviders(
      <RefusedChange
        item={{
          id: 'refused-1',
          mutationKey: ['inventory', 'record-receipt-expense'],
          variables: {
            farmId: FARM_ID,
            id: anId(0xe2),
            movementId: RECEIPT.id,
            supplyId: SUPPLY.id,
            supplyName: 'Layers mash',
            quantity: '4',
            unit: 'bag_25kg',
            date: '2026-06-02',
            category: 'feed',
            amount_kobo: 7_600_000,
            description: '4 bags (25 kg) of Layers mash',
            supplier_id: SUPPLIER,
            payment_method: 'cash',
          },
          status: 400,
          message: 'Choose a stock receipt of this farm',
        }}
      />,
    );
    expect(
      screen.getByText(
        'Expense of ₦76,000 for 4 bags (25 kg) of Layers mash was not saved: Choose a stock receipt of this farm',
      ),
    ).toBeInTheDocument();
  });
});

/** Today on the farm's clock, as the card writes it (dd/mm/yyyy). */
function today(): string {
  const [year, month, day] = dayOnFarm(new Date().toISOString()).split('-');
  return `${day}/${month}/${year}`;
}
