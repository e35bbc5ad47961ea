import { disputes, listings, orders } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { setPlatformAdmin } from '../../scripts/admin';
import type { TestContext } from '../../test/context';
import { seedUser, type SeededUser } from '../../test/farm-team';

/** A signed-in person made one of Gona's staff (the back office). */
export async function seedSupportStaff(t: TestContext): Promise<SeededUser> {
  const admin = await seedUser(t, { first_name: 'Ada' });
  if (!(await setPlatformAdmin(t.db, 'grant', admin.email))) throw new Error('seedSupportStaff: no admin');
  return admin;
}

/** A disputed order of 2 bags of maize from `farmId`'s listing, bought by `buyerId`, with its dispute. */
export async function seedDisputedOrder(
  t: TestContext,
  farmId: string,
  buyerId: string,
): Promise<{ orderId: string; disputeId: string }> {
  const [listing] = await t.db
    .insert(listings)
    .values({
      farm_id: farmId,
      status: 'active',
      category: 'crop',
      product_key: 'maize',
      title: 'White maize',
      quantity_available: '18',
      unit: 'bag_100kg',
      unit_kg: '100',
      min_order: '2',
      price_kobo: 2_500_000,
      state: 'Rivers',
      delivery_pickup: true,
      published_at: new Date(t.deps.now()),
    })
    .returning();
  const orderId = newId();
  await t.db.insert(orders).values({
    id: orderId,
    listing_id: listing!.id,
    farm_id: farmId,
    buyer_id: buyerId,
    title: 'White maize',
    seller_name: 'Green Acres',
    status: 'disputed',
    quantity: '2',
    unit: 'bag_100kg',
    unit_price_kobo: 2_500_000,
    subtotal_kobo: 5_000_000,
    delivery: 'pickup',
    delivery_fee_kobo: 0,
    total_kobo: 5_000_000,
    commission_kobo: 0,
    buyer_phone: '+2348031234567',
    reference: `gona-${orderId}`,
    expires_at: new Date(t.deps.now() + 30 * 60_000),
  });
  const [dispute] = await t.db
    .insert(disputes)
    .values({
      order_id: orderId,
      reason: 'not_delivered',
      message: 'The maize never came to the market.',
      answer_due_at: new Date(t.deps.now() + 48 * 3600_000),
    })
    .returning();
  return { orderId, disputeId: dispute!.id };
}
