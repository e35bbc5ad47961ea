import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type {
  FarmListing,
  FarmListingPage,
  ListingBrowsePage,
  ListingSources,
  PublicListing,
  SellerPage,
} from '@gona/shared/marketplace';
import { farms, listings, livestock } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import { uploadPhoto } from '../../test/photos';

let t: TestContext;
let team: FarmTeam;
/** A buyer with no farm at all. */
let buyer: SeededUser;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  buyer = await seedUser(t, { first_name: 'Buyer' });
});

/** A word no other test's listing has, so browsing the shared database finds only this test's. */
const token = () => `zx${newId().replace(/-/g, '').slice(-10)}`;

const MAIZE = {
  category: 'crop',
  product_key: 'maize',
  quantity_available: 20,
  unit: 'bag_100kg',
  min_order: 2,
  price_kobo: 4_500_000,
  delivery_pickup: true,
  delivery_seller: false,
};

async function photo(on = team): Promise<string> {
  const res = await uploadPhoto(t, on.base, on.cookies.owner, { kind: 'listing' });
  if (res.status !== 201) throw new Error(`photo: ${res.status} ${res.text}`);
  return res.body.id;
}

async function draft(body: Record<string, unknown> = {}, on = team): Promise<FarmListing> {
  const res = await t.request<FarmListing>('POST', `${on.base}/listings`, {
    cookie: on.cookies.owner,
    body: { ...MAIZE, ...body },
  });
  if (res.status !== 201) throw new Error(`listing: ${res.status} ${res.text}`);
  return res.body;
}

async function act(listing: { id: string }, action: string, on = team, cookie = on.cookies.owner) {
  return t.request<FarmListing>('POST', `${on.base}/listings/${listing.id}/${action}`, { cookie, body: {} });
}

async function published(body: Record<string, unknown> = {}, on = team): Promise<FarmListing> {
  const listing = await draft({ ...body, photo_ids: [await photo(on)] }, on);
  const res = await act(listing, 'publish', on);
  if (res.status !== 200) throw new Error(`publish: ${res.status} ${res.text}`);
  return res.body;
}

const browse = (query: string, cookie = buyer.cookie) =>
  t.request<ListingBrowsePage>('GET', `/api/marketplace/listings?${query}`, { cookie });

describe('who may use the listings', () => {
  it('asks for a session on every buyer route', async () => {
    const listing = await published();
    const fileId = (
      await t.request<PublicListing>('GET', `/api/marketplace/listings/${listing.id}`, {
        cookie: buyer.cookie,
      })
    ).body.photos[0]!.id;
    for (const url of [
      '/api/marketplace/listings',
      `/api/marketplace/listings/${listing.id}`,
      `/api/marketplace/listings/${listing.id}/photos/${fileId}`,
      `/api/marketplace/sellers/${team.farm.id}`,
    ])
      expect((await t.request('GET', url)).status, url).toBe(401);
  });

  it('lets owners and managers write, viewers read, and keeps workers and strangers out', async () => {
    const listing = await draft();
    const read = (cookie: string) => t.request('GET', `${team.base}/listings`, { cookie });
    expect((await read(team.cookies.viewer)).status).toBe(200);
    expect((await read(team.cookies.worker)).status).toBe(403);
    expect((await read(team.cookies.stranger)).status).toBe(404);
    const write = (cookie: string) =>
      t.request('PATCH', `${team.base}/listings/${listing.id}`, {
        cookie,
        body: { price_kobo: 4_000_000, version: listing.version },
      });
    expect((await write(team.cookies.viewer)).status).toBe(403);
    expect((await write(team.cookies.worker)).status).toBe(403);
    expect((await write(team.cookies.stranger)).status).toBe(404);
    expect((await write(team.cookies.manager)).status).toBe(200);
    expect((await act(listing, 'close', team, team.cookies.viewer)).status).toBe(403);
  });

  it("answers 404 for another farm's listing under this farm", async () => {
    const other = await seedFarmTeam(t);
    const theirs = await draft({}, other);
    const res = await t.request('GET', `${team.base}/listings/${theirs.id}`, { cookie: team.cookies.owner });
    expect(res.status).toBe(404);
    expect((await act(theirs, 'publish')).status).toBe(404);
  });
});

describe('a seller lists produce', () => {
  it('starts a draft titled with the product’s name, located at the farm, priced per kg', async () => {
    const listing = await draft({ variety: 'SAMMAZ 15', grade: 'Grade A', quality: { moisture_pct: 13 } });
    expect(listing).toMatchObject({
      status: 'draft',
      title: 'Maize',
      variety: 'SAMMAZ 15',
      quality: { moisture_pct: 13 },
      quantity_available: '20',
      unit: 'bag_100kg',
      unit_kg: '100',
      price_kobo: 4_500_000,
      price_per_kg_kobo: 45_000,
      state: 'Rivers',
      photos: [],
      version: 1,
      published_at: null,
    });
  });

  it('keeps the kg a seller types for a unit without a fixed size, and ignores it for a bag', async () => {
    expect((await draft({ unit: 'basket', unit_kg: 25, price_kobo: 1_000_000 })).price_per_kg_kobo).toBe(
      40_000,
    );
    expect((await draft({ unit: 'bag_50kg', unit_kg: 7 })).unit_kg).toBe('50');
    expect((await draft({ unit: 'crate', unit_kg: null })).price_per_kg_kobo).toBeNull();
  });

  it('refuses a malformed listing with a message beside each field', async () => {
    const res = await t.request<ErrorBody>('POST', `${team.base}/listings`, {
      cookie: team.cookies.owner,
      body: {
        ...MAIZE,
        product_key: 'Maize!',
        price_kobo: 0,
        min_order: 30,
        delivery_pickup: false,
        delivery_seller: true,
        crop_key: 'maize',
        category: 'livestock',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      product_key: 'Choose what you are selling',
      price_kobo: 'Enter a price above ₦0',
      delivery_area: 'Say where you deliver, like "Port Harcourt and Obio-Akpor"',
      crop_key: 'Only a crop can be sold from stored harvest',
    });
    const minOrder = await t.request<ErrorBody>('POST', `${team.base}/listings`, {
      cookie: team.cookies.owner,
      body: { ...MAIZE, min_order: 30, delivery_pickup: false },
    });
    expect(minOrder.body.error.fields).toEqual({
      min_order: 'The smallest order cannot be more than you have to sell',
      delivery_pickup: 'Offer pickup, delivery or both',
    });
    const crop = await t.request<ErrorBody>('POST', `${team.base}/listings`, {
      cookie: team.cookies.owner,
      body: { ...MAIZE, product_key: 'unobtainium' },
    });
    expect([crop.status, crop.body.error.fields]).toEqual([
      400,
      { product_key: 'Choose a crop from the list' },
    ]);
  });

  it('publishes only with a photo, then pauses, resumes and closes', async () => {
    const listing = await draft();
    const bare = await act(listing, 'publish');
    expect([bare.status, (bare.body as unknown as ErrorBody).error.fields]).toEqual([
      400,
      { photo_ids: 'Add at least one photo: buyers want to see what they buy' },
    ]);
    const withPhoto = await t.request<FarmListing>('PATCH', `${team.base}/listings/${listing.id}`, {
      cookie: team.cookies.manager,
      body: { photo_ids: [await photo()], version: listing.version },
    });
    expect(withPhoto.body.photos).toHaveLength(1);
    const live = await act(listing, 'publish');
    expect(live.body).toMatchObject({ status: 'active', version: 2 });
    expect(live.body.published_at).not.toBeNull();
    expect((await act(listing, 'publish')).status).toBe(409);
    expect((await act(listing, 'pause')).body.status).toBe('paused');
    expect((await act(listing, 'resume')).body.status).toBe('active');
    expect((await act(listing, 'close')).body.status).toBe('closed');
    const edit = await t.request<ErrorBody>('PATCH', `${team.base}/listings/${listing.id}`, {
      cookie: team.cookies.owner,
      body: { price_kobo: 1, version: 6 },
    });
    expect([edit.status, edit.body.error.message]).toEqual([409, 'A closed listing cannot be changed.']);
  });

  it('refuses a stale edit with 409', async () => {
    const listing = await draft();
    const first = await t.request('PATCH', `${team.base}/listings/${listing.id}`, {
      cookie: team.cookies.owner,
      body: { price_kobo: 4_400_000, version: 1 },
    });
    expect(first.status).toBe(200);
    const stale = await t.request('PATCH', `${team.base}/listings/${listing.id}`, {
      cookie: team.cookies.owner,
      body: { price_kobo: 4_300_000, version: 1 },
    });
    expect(stale.status).toBe(409);
  });

  it('will not publish from a farm without a state, and says where to add it', async () => {
    const other = await seedFarmTeam(t);
    await t.db.update(farms).set({ state: null }).where(eq(farms.id, other.farm.id));
    const listing = await draft({ photo_ids: [await photo(other)] }, other);
    const res = await act(listing, 'publish', other);
    expect(res.status).toBe(400);
    expect((res.body as unknown as ErrorBody).error.fields).toEqual({
      state: "Add your farm's state in Farm settings before publishing: buyers look for produce by state.",
    });
  });

  it('sells stored harvest only up to what is in store', async () => {
    const other = await seedFarmTeam(t);
    const crop = await t.request<{ id: string }>('POST', `${other.base}/crops`, {
      cookie: other.cookies.owner,
      body: {
        id: newId(),
        crop_key: 'maize',
        area_planted: '1',
        season: 'main',
        planting_date: '2026-04-01',
      },
    });
    const harvest = await t.request('POST', `${other.base}/crops/${crop.body.id}/harvests`, {
      cookie: other.cookies.owner,
      body: { id: newId(), date: '2026-08-01', quantity: '3', unit: 'bag_100kg', destination: 'stored' },
    });
    expect(harvest.status).toBe(201);
    const sources = await t.request<ListingSources>('GET', `${other.base}/listings/sources`, {
      cookie: other.cookies.owner,
    });
    expect(sources.body.harvest).toEqual([{ crop_key: 'maize', crop_name: 'Maize', kg: '300' }]);
    const tooMuch = await t.request<ErrorBody>('POST', `${other.base}/listings`, {
      cookie: other.cookies.owner,
      body: { ...MAIZE, crop_key: 'maize', quantity_available: 4 },
    });
    expect([tooMuch.status, tooMuch.body.error.fields]).toEqual([
      400,
      { quantity_available: 'Only 300 kg of maize is in store (3 units)' },
    ]);
    const all = await draft({ crop_key: 'maize', quantity_available: 3, min_order: 1 }, other);
    expect(all.crop_key).toBe('maize');
    const more = await t.request<ErrorBody>('PATCH', `${other.base}/listings/${all.id}`, {
      cookie: other.cookies.owner,
      body: { quantity_available: 3.5, version: all.version },
    });
    expect(more.status).toBe(400);
    const none = await t.request<ErrorBody>('POST', `${other.base}/listings`, {
      cookie: other.cookies.owner,
      body: { ...MAIZE, crop_key: 'cassava', product_key: 'cassava' },
    });
    expect(none.body.error.fields).toEqual({
      quantity_available: 'No cassava is in store: record the harvest as stored first',
    });
  });

  it('refuses a group inside its withdrawal period, saying until when', async () => {
    const group = await t.request<{ id: string }>('POST', `${team.base}/livestock`, {
      cookie: team.cookies.owner,
      body: {
        kind: 'group',
        species: 'chicken_broiler',
        name: 'Broilers B',
        head_count: 200,
        acquisition: 'bought',
      },
    });
    const body = {
      category: 'livestock',
      product_key: 'chicken_broiler',
      animal_id: group.body.id,
      quantity_available: 150,
      unit: 'head',
      min_order: 10,
      price_kobo: 800_000,
    };
    const listing = await draft({ ...body, photo_ids: [await photo()] });
    expect(listing.title).toBe('Chicken broiler');
    await t.db
      .update(livestock)
      .set({ withdrawal_until: '2099-03-08' })
      .where(eq(livestock.id, group.body.id));
    const publish = await act(listing, 'publish');
    expect([publish.status, (publish.body as unknown as ErrorBody).error.fields]).toEqual([
      400,
      {
        animal_id:
          'Not for sale or eating until 08/03/2099: a treated animal cannot be listed in its withdrawal period.',
      },
    ]);
    const create = await t.request<ErrorBody>('POST', `${team.base}/listings`, {
      cookie: team.cookies.owner,
      body,
    });
    expect(create.status).toBe(400);
    expect(create.body.error.fields?.animal_id).toContain('until 08/03/2099');
    await t.db
      .update(livestock)
      .set({ withdrawal_until: '2020-01-01' })
      .where(eq(livestock.id, group.body.id));
    expect((await act(listing, 'publish')).body.status).toBe('active');
    const tooMany = await t.request<ErrorBody>('PATCH', `${team.base}/listings/${listing.id}`, {
      cookie: team.cookies.owner,
      body: { quantity_available: 201, version: 2 },
    });
    expect(tooMany.body.error.fields).toEqual({ quantity_available: 'The group has 200 head' });
  });
});

describe('buyers browse', () => {
  it('finds by a word of the title, variety, description or state, and never a draft', async () => {
    const word = token();
    const title = await published({ title: `Yellow maize ${word}a` });
    const variety = await published({ variety: `${word}b` });
    const description = await published({ description: `Dried well. ${word}c in sacks.` });
    await draft({ title: `Draft ${word}a` });
    const ids = async (q: string) => (await browse(`q=${encodeURIComponent(q)}`)).body.items.map((l) => l.id);
    expect(await ids(`${word}a`)).toEqual([title.id]);
    expect(await ids(`${word}b`)).toEqual([variety.id]);
    expect(await ids(`${word}c`)).toEqual([description.id]);
    expect(await ids(`${word}d`)).toEqual([]);
    expect(await ids(`yellow ${word}a`)).toEqual([title.id]);
    expect(await ids(`green ${word}a`)).toEqual([]);

    const state = `Zstate${word}`;
    const seller = await seedFarmTeam(t);
    await t.db.update(farms).set({ state, lga: 'Ikwerre' }).where(eq(farms.id, seller.farm.id));
    const there = await published({}, seller);
    expect(there).toMatchObject({ state, lga: 'Ikwerre' });
    expect(await ids(state)).toEqual([there.id]);
    expect((await browse(`state=${state}`)).body.items.map((l) => l.id)).toEqual([there.id]);
  });

  it('filters and sorts with keyset pages, and says when nearest cannot be measured', async () => {
    const seller = await seedFarmTeam(t);
    await t.db.update(farms).set({ latitude: 9.0, longitude: 7.0 }).where(eq(farms.id, seller.farm.id));
    const cheap = await published({ price_kobo: 1_000_000 }, seller);
    const dear = await published({ price_kobo: 3_000_000 }, seller);
    const middle = await published({ price_kobo: 2_000_000 }, seller);
    const goats = await published(
      {
        category: 'livestock',
        product_key: 'goat',
        unit: 'head',
        quantity_available: 5,
        min_order: 1,
        price_kobo: 6_000_000,
      },
      seller,
    );
    const paused = await published({ price_kobo: 1_500_000 }, seller);
    await act(paused, 'pause', seller);
    const mine = `seller=${seller.farm.id}`;
    const ids = async (query: string) => (await browse(`${mine}&${query}`)).body.items.map((l) => l.id);
    expect(await ids('sort=newest')).toEqual([goats.id, middle.id, dear.id, cheap.id]);
    expect(await ids('sort=price_asc')).toEqual([cheap.id, middle.id, dear.id, goats.id]);
    expect(await ids('sort=price_desc')).toEqual([goats.id, dear.id, middle.id, cheap.id]);
    expect(await ids('category=livestock')).toEqual([goats.id]);
    expect(await ids('product_key=maize&sort=price_asc')).toEqual([cheap.id, middle.id, dear.id]);
    expect(await ids('min_price=1500000&max_price=3000000&sort=price_asc')).toEqual([middle.id, dear.id]);

    const first = await browse(`${mine}&sort=price_asc&limit=3`);
    expect(first.body.items.map((l) => l.id)).toEqual([cheap.id, middle.id, dear.id]);
    const second = await browse(`${mine}&sort=price_asc&limit=3&cursor=${first.body.next_cursor}`);
    expect([second.body.items.map((l) => l.id), second.body.next_cursor]).toEqual([[goats.id], null]);
    const newest = await browse(`${mine}&limit=2`);
    const after = await browse(`${mine}&limit=2&cursor=${newest.body.next_cursor}`);
    expect(after.body.items.map((l) => l.id)).toEqual([dear.id, cheap.id]);
    expect((await browse(`${mine}&sort=price_desc&cursor=${newest.body.next_cursor}`)).status).toBe(400);

    const fallback = await browse(`${mine}&sort=nearest`);
    expect(fallback.body).toMatchObject({ sort: 'newest', nearest_unavailable: true });
    expect(fallback.body.items.map((l) => l.id)).toEqual([goats.id, middle.id, dear.id, cheap.id]);

    // A buyer whose farm is at Lokoja: the seller near Abuja is nearer than one in Lagos.
    const lagos = await seedFarmTeam(t);
    await t.db.update(farms).set({ latitude: 6.5, longitude: 3.4 }).where(eq(farms.id, lagos.farm.id));
    const far = await published({}, lagos);
    const near = await seedFarmTeam(t);
    await t.db.update(farms).set({ latitude: 7.8, longitude: 6.7 }).where(eq(farms.id, near.farm.id));
    const word = token();
    const nearest = await browse(`sort=nearest&near_farm=${near.farm.id}&q=${word}`, near.cookies.owner);
    expect(nearest.body.sort).toBe('nearest');
    await t.db.update(listings).set({ description: word }).where(eq(listings.id, far.id));
    await t.db.update(listings).set({ description: word }).where(eq(listings.id, cheap.id));
    const measured = await browse(`sort=nearest&near_farm=${near.farm.id}&q=${word}`, near.cookies.owner);
    expect([measured.body.sort, measured.body.items.map((l) => l.id)]).toEqual([
      'nearest',
      [cheap.id, far.id],
    ]);
    const page = await browse(`sort=nearest&near_farm=${near.farm.id}&q=${word}&limit=1`, near.cookies.owner);
    const rest = await browse(
      `sort=nearest&near_farm=${near.farm.id}&q=${word}&limit=1&cursor=${page.body.next_cursor}`,
      near.cookies.owner,
    );
    expect(rest.body.items.map((l) => l.id)).toEqual([far.id]);
    // Someone else's farm is not a place to measure from.
    expect((await browse(`sort=nearest&near_farm=${near.farm.id}&q=${word}`)).body.nearest_unavailable).toBe(
      true,
    );
  });

  it('refuses malformed browsing with 400', async () => {
    for (const query of [
      'sort=cheapest',
      'min_price=-1',
      'min_price=5&max_price=1',
      'cursor=!!',
      'category=tools',
    ])
      expect((await browse(query)).status, query).toBe(400);
    expect((await browse('cursor=WyJuZXdlc3QiLCJ4IiwieSJd')).status).toBe(400);
  });

  it('shows a listing on sale, paused or sold out to anyone, a draft only to its farm, and nothing private', async () => {
    const live = await published({ description: 'Good maize' });
    const res = await t.request<PublicListing>('GET', `/api/marketplace/listings/${live.id}`, {
      cookie: buyer.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.seller).toEqual({
      farm_id: team.farm.id,
      name: 'Green Acres',
      state: 'Rivers',
      lga: null,
      // What buyers said of it: none yet.
      rating: { count: 0, average: null },
    });
    for (const key of ['crop_key', 'animal_id', 'latitude', 'longitude', 'version', 'user_id'])
      expect(res.body, key).not.toHaveProperty(key);
    expect(JSON.stringify(res.body)).not.toContain('0803');
    await act(live, 'pause');
    expect(
      (await t.request('GET', `/api/marketplace/listings/${live.id}`, { cookie: buyer.cookie })).status,
    ).toBe(200);
    const hidden = await draft();
    expect(
      (await t.request('GET', `/api/marketplace/listings/${hidden.id}`, { cookie: buyer.cookie })).status,
    ).toBe(404);
    expect(
      (await t.request('GET', `/api/marketplace/listings/${hidden.id}`, { cookie: team.cookies.viewer }))
        .status,
    ).toBe(200);
    expect(
      (await t.request('GET', `/api/marketplace/listings/${newId()}`, { cookie: buyer.cookie })).status,
    ).toBe(404);
    expect(
      (await t.request('GET', '/api/marketplace/listings/not-an-id', { cookie: buyer.cookie })).status,
    ).toBe(400);
  });

  it('shows a seller’s public page with its listings on sale', async () => {
    const seller = await seedFarmTeam(t);
    const live = await published({}, seller);
    await draft({}, seller);
    const res = await t.request<SellerPage>('GET', `/api/marketplace/sellers/${seller.farm.id}`, {
      cookie: buyer.cookie,
    });
    expect(res.body).toMatchObject({
      farm_id: seller.farm.id,
      name: 'Green Acres',
      state: 'Rivers',
      lga: null,
    });
    expect(res.body.listings.map((l) => l.id)).toEqual([live.id]);
    const quiet = await seedFarmTeam(t);
    expect(
      (await t.request('GET', `/api/marketplace/sellers/${quiet.farm.id}`, { cookie: buyer.cookie })).status,
    ).toBe(404);
    expect((await t.request('GET', '/api/marketplace/sellers/nope', { cookie: buyer.cookie })).status).toBe(
      400,
    );
  });

  it('shows a listing’s photos to a buyer of another farm only while it is on sale', async () => {
    const fileId = await photo();
    const listing = await draft({ photo_ids: [fileId] });
    const url = `/api/marketplace/listings/${listing.id}/photos/${fileId}`;
    const stranger = team.cookies.stranger;
    expect((await t.request('GET', url, { cookie: stranger })).status).toBe(404);
    expect((await t.request('GET', url, { cookie: team.cookies.viewer })).status).toBe(200);
    await act(listing, 'publish');
    const shown = await t.request('GET', url, { cookie: stranger });
    expect([shown.status, shown.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await t.request('GET', `${url}?size=thumb`, { cookie: buyer.cookie })).status).toBe(200);
    // Not through the farm's own files, which stay the farm's.
    expect((await t.request('GET', `${team.base}/files/${fileId}`, { cookie: stranger })).status).toBe(404);
    // Another photo of the farm is not reachable through the listing.
    const loose = await photo();
    expect(
      (
        await t.request('GET', `/api/marketplace/listings/${listing.id}/photos/${loose}`, {
          cookie: stranger,
        })
      ).status,
    ).toBe(404);
    await act(listing, 'pause');
    expect((await t.request('GET', url, { cookie: stranger })).status).toBe(404);
  });

  it('lists the farm’s own listings with every status, newest first', async () => {
    const other = await seedFarmTeam(t);
    const a = await draft({}, other);
    const b = await published({}, other);
    const page = await t.request<FarmListingPage>('GET', `${other.base}/listings`, {
      cookie: other.cookies.viewer,
    });
    expect(page.body.items.map((l) => [l.id, l.status])).toEqual([
      [b.id, 'active'],
      [a.id, 'draft'],
    ]);
    const drafts = await t.request<FarmListingPage>('GET', `${other.base}/listings?status=draft`, {
      cookie: other.cookies.owner,
    });
    expect(drafts.body.items.map((l) => l.id)).toEqual([a.id]);
  });
});
