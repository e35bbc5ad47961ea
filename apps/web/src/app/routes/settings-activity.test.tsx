import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { loadNamespaces } from '@/i18n';
import { ActivityList } from '@/features/audit/components/ActivityList';
import { useQuantityText } from '@/lib/quantity-text';
import { installFakeFetch } from '@/test/fake-fetch';

const FARM = '01900000-0000-7000-8000-0000000000f1';
const SUPPLY = '01900000-0000-7000-8000-0000000000a1';
let next = 0;

/** An audit row as GET /api/audit-logs answers it, with what the server's audit helpers store. */
function row(table_name: string, action: string, changes: unknown, extra: Record<string, unknown> = {}) {
  next += 1;
  return {
    id: `01900000-0000-7000-8000-${String(next).padStart(12, '0')}`,
    user_id: '01900000-0000-7000-8000-0000000000u1',
    farm_id: FARM,
    table_name,
    record_id: SUPPLY,
    action,
    changes,
    created_at: '2025-05-26T08:05:00.000Z',
    user_first_name: 'Ade',
    farm_timezone: 'Africa/Lagos',
    ...extra,
  };
}

function Screen({ money }: { money: boolean }) {
  const quantityText = useQuantityText();
  return <ActivityList quantityText={quantityText} canSeeMoney={(farmId) => money && farmId === FARM} />;
}

function renderList(items: unknown[], money = true) {
  const requests = installFakeFetch({
    'GET /api/audit-logs': { status: 200, body: { items, next_cursor: null } },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Screen money={money} />
    </QueryClientProvider>,
  );
  return requests;
}

/** The sentences in order, read from the table (phones show the same ones in cards). */
async function sentences(): Promise<string[]> {
  const list = await screen.findByRole('table');
  return [...list.querySelectorAll('tbody tr td:first-child')].map((cell) => cell.textContent ?? '');
}

const supplyInsert = {
  category: 'seeds_seedlings',
  name: 'Maize seed',
  quantity: '20',
  unit: 'kg',
  low_threshold: '5',
  unit_cost_kobo: 150_000,
  supplier_id: null,
  storage_location: null,
  expiry_date: null,
  notes: null,
};

const movement = (
  kind: string,
  quantity: string,
  quantity_after: string,
  more: Record<string, unknown> = {},
) =>
  row('supply_movements', 'insert', {
    supply_id: SUPPLY,
    supply_name: 'NPK 15:15:15',
    unit: 'bag_50kg',
    kind,
    quantity,
    quantity_after,
    reason: null,
    unit_cost_kobo: null,
    ...more,
  });

const costRows = () => [
  row('supplies', 'insert', supplyInsert),
  row('supplies', 'update', { name: 'Urea', unit: 'bag_50kg', unit_cost_kobo: { from: null, to: 250_000 } }),
  row('supplies', 'update', {
    name: 'Urea',
    unit: 'bag_50kg',
    unit_cost_kobo: { from: 200_000, to: 250_000 },
    notes: { from: null, to: 'Keep dry' },
  }),
  movement('received', '10', '12', { unit_cost_kobo: 2_400_000 }),
];

beforeAll(async () => {
  await loadNamespaces(['inventory']);
});

describe('activity', () => {
  it('writes farm rows as sentences, with who did it and when (dd/mm/yyyy HH:mm in the farm time zone), asking for 100', async () => {
    const requests = renderList([
      row(
        'farms',
        'insert',
        {
          id: FARM,
          name: 'Green Acres',
          location: 'Ibadan',
          farm_type: 'crop',
          timezone: 'Africa/Lagos',
          role: 'owner',
        },
        { record_id: FARM, created_at: '2025-05-26T23:30:00.000Z' },
      ),
      row(
        'farms',
        'update',
        { name: { from: 'Green Acres', to: 'Blue Acres' } },
        { record_id: FARM, farm_timezone: 'Asia/Tokyo' },
      ),
      row(
        'farms',
        'update',
        { name: 'Blue Acres', lga: { from: null, to: 'Eleme' } },
        { record_id: FARM, user_first_name: null, farm_timezone: null },
      ),
      row(
        'farms',
        'delete',
        { id: FARM, name: 'Blue Acres', location: 'Ibadan', farm_type: 'crop', role: 'owner' },
        { record_id: FARM, farm_id: null },
      ),
    ]);
    expect(await sentences()).toEqual([
      'Created farm Green Acres',
      'Renamed the farm from Green Acres to Blue Acres',
      'Changed the details of farm Blue Acres',
      'Deleted farm Blue Acres',
    ]);
    expect(screen.getByText('Ade · 27/05/2025 00:30')).toBeInTheDocument();
    expect(screen.getByText('Ade · 26/05/2025 17:05')).toBeInTheDocument();
    expect(screen.getByText('Someone · 26/05/2025 09:05')).toBeInTheDocument();
    expect(requests[0]?.path).toBe('/api/audit-logs?limit=100');
  });

  it('writes supply rows with quantities as the inventory screens show them', async () => {
    renderList([
      row('supplies', 'insert', supplyInsert),
      row('supplies', 'insert', {
        ...supplyInsert,
        name: 'Urea',
        quantity: '0',
        unit: 'bag_50kg',
        unit_cost_kobo: null,
      }),
      row('supplies', 'insert', { ...supplyInsert, quantity: '1250.5', unit_cost_kobo: null }),
      row('supplies', 'update', { name: 'Urea', unit: 'bag_50kg', low_threshold: { from: '5', to: '10' } }),
      row('supplies', 'update', { name: { from: 'Urea', to: 'Urea 46%' }, unit: 'bag_50kg' }),
      row('supplies', 'update', {
        name: 'Urea',
        unit: 'bag_50kg',
        storage_location: { from: null, to: 'Shed' },
        notes: { from: null, to: 'Keep dry' },
      }),
      row('supplies', 'update', { name: 'Urea', unit: 'bag_50kg' }),
      row('supplies', 'update', {
        name: 'Maize grain',
        unit: { from: 'kg', to: 'bag_50kg' },
        unit_converted: { from: 'kg', to: 'bag_50kg', factor: '1/50', rounded: false },
      }),
      row('supplies', 'delete', {
        ...supplyInsert,
        id: SUPPLY,
        farm_id: FARM,
        name: 'Urea',
        quantity: '3.000',
        version: 2,
      }),
    ]);
    expect(await sentences()).toEqual([
      'Added 20 kg of Maize seed at ₦1,500 each',
      'Added supply Urea',
      'Added 1,250.5 kg of Maize seed',
      'Changed the low-stock level of Urea from 5 bags (50 kg) to 10 bags (50 kg)',
      'Renamed the supply from Urea to Urea 46%',
      'Changed the storage place and the notes of Urea',
      'Changed the details of Urea',
      'Changed the unit of Maize grain from kg to bags (50 kg), converting its stock and history',
      'Deleted supply Urea',
    ]);
  });

  it('writes photo changes and removed photos', async () => {
    renderList([
      row('supplies', 'update', { name: 'Urea', unit: 'bag_50kg', photos: { from: 1, to: 2 } }),
      row('files', 'delete', { name: 'IMG_0042.jpg', kind: 'supply', attached_to: 'supplies' }),
    ]);
    expect(await sentences()).toEqual([
      'Changed the photos of Urea',
      'Deleted a photo or file (IMG_0042.jpg)',
    ]);
  });

  it('writes every kind of stock movement with the supply name and unit it carries', async () => {
    renderList([
      movement('used', '-4', '6'),
      movement('received', '10', '16', { unit_cost_kobo: 2_400_000 }),
      movement('received', '1', '17'),
      movement('sold', '-2.5', '14.5'),
      movement('lost', '-1', '13.5'),
      movement('expired', '-3', '10.5'),
      movement('adjusted', '-0.5', '10'),
    ]);
    expect(await sentences()).toEqual([
      'Used 4 bags (50 kg) of NPK 15:15:15',
      'Received 10 bags (50 kg) of NPK 15:15:15 at ₦24,000 each',
      'Received 1 bag (50 kg) of NPK 15:15:15',
      'Sold 2.5 bags (50 kg) of NPK 15:15:15',
      'Recorded 1 bag (50 kg) of NPK 15:15:15 as lost',
      'Recorded 3 bags (50 kg) of NPK 15:15:15 as expired',
      'Counted NPK 15:15:15: 10 bags (50 kg) in stock',
    ]);
  });

  it('writes supplier and low-stock alert rows', async () => {
    renderList([
      row('suppliers', 'insert', { name: 'Alhaji Musa', phone: '0803 123 4567', email: null, address: null }),
      row('suppliers', 'update', { name: { from: 'Alhaji Musa', to: 'Musa Agro' } }),
      row('suppliers', 'update', { name: 'Musa Agro', is_active: { from: true, to: false } }),
      row('suppliers', 'update', { name: 'Musa Agro', is_active: { from: false, to: true } }),
      row('suppliers', 'update', { name: 'Musa Agro', phone: { from: null, to: '0803 123 4567' } }),
      row('inventory_alerts', 'insert', {
        supply_id: SUPPLY,
        supply_name: 'Urea',
        unit: 'bag_50kg',
        quantity: '3',
        low_threshold: '5',
      }),
      row('inventory_alerts', 'update', { is_resolved: true, supply_name: 'Urea', unit: 'bag_50kg' }),
      row('inventory_alerts', 'update', {
        is_resolved: true,
        supply_name: 'Urea',
        unit: 'bag_50kg',
        quantity: '12',
      }),
    ]);
    expect(await sentences()).toEqual([
      'Added supplier Alhaji Musa',
      'Renamed supplier Alhaji Musa to Musa Agro',
      'Removed supplier Musa Agro from the list',
      'Brought supplier Musa Agro back to the list',
      'Changed the details of supplier Musa Agro',
      'Urea ran low: 3 bags (50 kg) left',
      'Dismissed the low-stock alert for Urea',
      'Urea is no longer low: 12 bags (50 kg) in stock',
    ]);
  });

  it('writes member, invitation, ownership and profile rows, naming the person or a former member', async () => {
    const ME_ID = '01900000-0000-7000-8000-0000000000u1';
    const EMEKA = { user_id: '01900000-0000-7000-8000-0000000000e1', first_name: 'Emeka', last_name: 'Obi' };
    renderList([
      row('farm_memberships', 'insert', {
        user_id: ME_ID,
        first_name: 'Ade',
        last_name: 'Bello',
        role: 'worker',
        farm_name: 'Green Acres',
        via: 'invitation',
      }),
      row('farm_memberships', 'update', { ...EMEKA, role: { from: 'worker', to: 'manager' } }),
      row('farm_memberships', 'update', { role: { from: 'worker', to: 'viewer' } }),
      row('farm_memberships', 'update', { user_id: ME_ID, role: { from: 'owner', to: 'manager' } }),
      row('farm_memberships', 'delete', { ...EMEKA, role: 'manager', farm_name: 'Green Acres' }),
      row('farm_memberships', 'delete', { user_id: ME_ID, role: 'worker', farm_name: 'Green Acres' }),
      row('invitations', 'insert', { email: 'bola@example.com', role: 'viewer' }),
      row('invitations', 'update', {
        email: 'bola@example.com',
        role: 'viewer',
        resent: { from: null, to: true },
      }),
      row('invitations', 'update', {
        email: 'bola@example.com',
        role: 'viewer',
        revoked: { from: false, to: true },
      }),
      row('invitations', 'update', { role: 'worker', accepted: { from: false, to: true } }),
      row('farms', 'update', { name: 'Green Acres', ...EMEKA, owner_id: { from: ME_ID, to: EMEKA.user_id } }),
      row('users', 'update', {
        phone: { from: null, to: '+2348031234567' },
        first_name: { from: 'Ada', to: 'Adaeze' },
      }),
    ]);
    expect(await sentences()).toEqual([
      'Joined Green Acres as a worker',
      "Changed Emeka Obi's role from worker to manager",
      "Changed a former member's role from worker to viewer",
      'Changed your own role from owner to manager',
      'Removed Emeka Obi from Green Acres',
      'Left Green Acres',
      'Invited bola@example.com as a viewer',
      'Sent bola@example.com a new invitation link',
      'Withdrew the invitation to bola@example.com',
      'Accepted an invitation to join as a worker',
      'Handed Green Acres over to Emeka Obi',
      'Changed your first name and phone number',
    ]);
  });

  it('says something human for rows it does not know, never a table name or an id', async () => {
    renderList([
      row('beehives', 'insert', { name: 'Bessie' }),
      row('beehives', 'archive', null),
      row('supply_movements', 'insert', {
        supply_id: SUPPLY,
        kind: 'used',
        quantity: '-4',
        quantity_after: '6',
      }),
      row('supplies', 'delete', { id: SUPPLY }),
    ]);
    expect(await sentences()).toEqual([
      'Added a record (Bessie)',
      'Made a change to a record',
      'Added a stock record',
      'Deleted a supply',
    ]);
    expect(document.body.textContent).not.toMatch(/beehives|supply_movements|01900000/);
  });

  it('says what was recorded about animals, from the rows alone', async () => {
    renderList([
      row('livestock', 'insert', { name: 'Layers House A', species: 'chicken_layer', head_count: 500 }),
      row('livestock', 'update', { name: 'Adanna', status: { from: 'active', to: 'sold' } }),
      row('livestock_production', 'insert', { animal_name: 'Layers House A', eggs_collected: 412 }),
      row('livestock_events', 'insert', { animal_name: 'Layers House A', kind: 'mortality', count: 3 }),
      row('livestock_events', 'insert', {
        animal_name: 'Pond A',
        kind: 'transfer_out',
        count: 300,
        other_animal_name: 'Pond B',
      }),
      row('livestock_health_records', 'insert', { animal_name: 'Adanna', kind: 'deworming' }),
      row('livestock_growth_logs', 'insert', { animal_name: 'Adanna', weight_kg: '31.5' }),
      row('livestock', 'delete', { name: 'Broody pen' }),
    ]);
    expect(await sentences()).toEqual([
      'Added Layers House A to the livestock',
      'Marked Adanna as sold',
      'Recorded 412 eggs from Layers House A',
      'Recorded 3 deaths in Layers House A',
      'Moved 300 from Pond A to Pond B',
      'Recorded a deworming of Adanna',
      'Weighed Adanna: 31.5 kg',
      'Deleted Broody pen from the livestock',
    ]);
  });

  it("writes each step of a marketplace order from the row alone (the server's auditOrderStepIn)", async () => {
    const order = (from: string, to: string, by: string, more: Record<string, unknown> = {}) =>
      row('orders', 'update', {
        title: 'White maize',
        quantity: '5.000',
        delivered_quantity: null,
        unit: 'bag_50kg',
        by,
        status: { from, to },
        ...more,
      });
    renderList([
      order('paid', 'accepted', 'seller'),
      order('paid', 'declined', 'seller'),
      order('accepted', 'dispatched', 'seller'),
      order('dispatched', 'delivered', 'seller', { delivered_quantity: '4.500' }),
      order('dispatched', 'delivered', 'buyer', { delivered_quantity: '5.000' }),
      order('delivered', 'completed', 'buyer'),
      order('delivered', 'completed', 'gona'),
      order('placed', 'cancelled', 'buyer'),
      order('paid', 'cancelled', 'gona'),
      row('orders', 'update', {
        quantity: '5.000',
        unit: 'bag_50kg',
        status: { from: 'paid', to: 'accepted' },
      }),
    ]);
    expect(await sentences()).toEqual([
      'Accepted the order of 5 bags (50 kg) of White maize',
      'Declined the order of 5 bags (50 kg) of White maize; the buyer is refunded',
      'Dispatched the order of 5 bags (50 kg) of White maize',
      'Recorded the delivery of 4.5 of the 5 bags (50 kg) of White maize ordered; the buyer is refunded the rest',
      'The buyer confirmed receiving 5 bags (50 kg) of White maize',
      'The buyer said all is well with 5 bags (50 kg) of White maize: the order is complete',
      'The order of 5 bags (50 kg) of White maize is complete',
      'The buyer cancelled the order of 5 bags (50 kg) of White maize',
      'The order of 5 bags (50 kg) of White maize was cancelled: it was not accepted in time; the buyer is refunded',
      'Changed a marketplace order',
    ]);
  });

  it('shows costs to those who may see money', async () => {
    renderList(costRows());
    expect(await sentences()).toEqual([
      'Added 20 kg of Maize seed at ₦1,500 each',
      'Changed the cost of Urea from no cost to ₦2,500',
      'Changed the cost and the notes of Urea',
      'Received 10 bags (50 kg) of NPK 15:15:15 at ₦24,000 each',
    ]);
  });

  it('writes staff rows by the person’s name, saying when someone left or came back', async () => {
    renderList([
      row('staff', 'insert', { name: 'Musa Ibrahim', first_name: 'Musa', job: 'herdsman' }),
      row('staff', 'update', { name: 'Musa Ibrahim', job: { from: 'herdsman', to: 'supervisor' } }),
      row('staff', 'update', {
        name: 'Musa Ibrahim',
        status: { from: 'active', to: 'left' },
        end_date: { from: null, to: '2025-05-20' },
      }),
      row('staff', 'update', { name: 'Musa Ibrahim', status: { from: 'left', to: 'active' } }),
      row('staff', 'delete', { name: 'Chidi Okeke', first_name: 'Chidi' }),
    ]);
    expect(await sentences()).toEqual([
      'Added Musa Ibrahim to the staff',
      'Changed the staff record of Musa Ibrahim',
      'Marked Musa Ibrahim as left',
      'Brought Musa Ibrahim back to work',
      'Deleted the staff record of Chidi Okeke',
    ]);
  });

  it('leaves costs out for a worker', async () => {
    renderList(costRows(), false);
    expect(await sentences()).toEqual([
      'Added 20 kg of Maize seed',
      'Changed the details of Urea',
      'Changed the notes of Urea',
      'Received 10 bags (50 kg) of NPK 15:15:15',
    ]);
    expect(document.body.textContent).not.toContain('₦');
  });

  it('shows an empty state when the list cannot be read', async () => {
    installFakeFetch({
      'GET /api/audit-logs': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'An unexpected error occurred' } },
      },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Screen money />
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText('Your activity could not be loaded. Check your connection and try again.'),
    ).toBeInTheDocument();
  });
});
