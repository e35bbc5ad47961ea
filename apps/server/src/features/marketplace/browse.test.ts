import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FarmListing, ListingBrowsePage, PublicListing } from '@gona/shared/marketplace';
import { orders, ratings } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import { uploadPhoto } from '../../test/photos';
import { seedListing, seedPlacedOrder } from './orders.test-setup';

/**
 * Browsing reads each listing with its seller, photos and the seller's ratings in one statement;
 * a listing opened alone reads them one query each. Both answer the same listing.
 */

let t: TestContext;
let rated: FarmTeam;
let unrated: FarmTeam;
let buyer: SeededUser;
/** A word no other test's listing has, so browsing the shared database finds only these. */
const word = `zq${newId().replace(/-/g, '').slice(-10)}`;

async function published(on: FarmTeam, photos: number): Promise<FarmListing> {
  const photo_ids: string[] = [];
  for (let i = 0; i < photos; i++) {
    const res = await uploadPhoto(t, on.base, on.cookies.owner, { kind: 'listing' });
    photo_ids.push(res.body.id);
  }
  const made = await t.request<FarmListing>('POST', `${on.base}/listings`, {
    cookie: on.cookies.owner,
    body: {
      category: 'crop',
      product_key: 'maize',
      title: `Dry maize ${word}`,
      quantity_available: '20',
      unit: 'bag_100kg',
      min_order: '2',
      price_kobo: 4_500_000,
      delivery_pickup: true,
      delivery_seller: false,
      ...(photo_ids.length ? { photo_ids } : {}),
    },
  });
  if (made.status !== 201) throw new Error(`listing: ${made.status} ${made.text}`);
  const res = await t.request<FarmListing>('POST', `${on.base}/listings/${made.body.id}/publish`, {
    cookie: on.cookies.owner,
    body: {},
  });
  if (res.status !== 200) throw new Error(`publish: ${res.status} ${res.text}`);
  return res.body;
}

beforeAll(async () => {
  t = await createTestContext();
  [rated, unrated] = [await seedFarmTeam(t), await seedFarmTeam(t)];
  buyer = await seedUser(t, { first_name: 'Ngozi' });
  await published(rated, 2);
  // A farm with no ratings, its listing without photos (written straight in: publishing asks for one).
  await seedListing(t, unrated.farm.id, { title: `Dry maize ${word}` });
  // One completed order of the rated farm, rated 4 stars by its buyer.
  const sold = await seedListing(t, rated.farm.id, { title: 'Yellow maize' });
  const order = await seedPlacedOrder(t, sold, buyer.user.id);
  await t.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order));
  await t.db.insert(ratings).values({ order_id: order, side: 'buyer', stars: 4 });
});

describe('browsing listings in one statement', () => {
  it('answers each listing as it reads alone: seller, photos oldest first, the seller’s rating', async () => {
    const page = await t.request<ListingBrowsePage>('GET', `/api/marketplace/listings?q=${word}`, {
      cookie: buyer.cookie,
    });
    expect(page.status, page.text).toBe(200);
    expect(page.body.items).toHaveLength(2);
    for (const item of page.body.items) {
      const alone = await t.request<PublicListing>('GET', `/api/marketplace/listings/${item.id}`, {
        cookie: buyer.cookie,
      });
      expect(item).toEqual(alone.body);
    }
    const fromRated = page.body.items.find((item) => item.farm_id === rated.farm.id);
    const fromUnrated = page.body.items.find((item) => item.farm_id === unrated.farm.id);
    expect([fromRated!.seller.farm_id, fromRated!.seller.rating]).toEqual([
      rated.farm.id,
      { count: 1, average: 4 },
    ]);
    expect(fromRated!.photos).toHaveLength(2);
    expect(fromRated!.photos.map((p) => p.id)).toEqual(fromRated!.photos.map((p) => p.id).sort());
    expect([fromUnrated!.seller.rating, fromUnrated!.photos]).toEqual([{ count: 0, average: null }, []]);
  });

  it('answers an empty page when nothing matches', async () => {
    const page = await t.request<ListingBrowsePage>('GET', `/api/marketplace/listings?q=${word}x`, {
      cookie: buyer.cookie,
    });
    expect([page.status, page.body.items, page.body.next_cursor]).toEqual([200, [], null]);
  });
});
