import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../test/context';
import { seedUser } from '../../test/farm-team';
import { removeOldNotifications } from './retention.service';

const DAY_S = 24 * 60 * 60;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

const now = () => new Date(t.deps.now());
const daysAgo = (days: number) => new Date(now().getTime() - days * DAY_S * 1000);

describe('removing old notifications', () => {
  it('removes read ones after 90 days and any after 365, in batches, at the app’s clock', async () => {
    const { user } = await seedUser(t);
    const made = async (key: string, age: number, read: boolean) =>
      t.db.insert(notifications).values({
        user_id: user.id,
        kind: 'low_stock',
        params: {},
        title: key,
        body: key,
        dedupe_key: key,
        created_at: daysAgo(age),
        read_at: read ? daysAgo(age - 1) : null,
      });
    await made('read, 10 days', 10, true);
    await made('read, 89 days', 89, true);
    await made('read, 91 days', 91, true);
    await made('read, 200 days', 200, true);
    await made('unread, 200 days', 200, false);
    await made('unread, 364 days', 364, false);
    await made('unread, 366 days', 366, false);
    await made('read, 400 days', 400, true);
    const left = async () =>
      (
        await t.db
          .select({ title: notifications.title })
          .from(notifications)
          .where(eq(notifications.user_id, user.id))
      )
        .map((row) => row.title)
        .sort();

    // Batches of 2: the four past keeping go in two full batches and an empty one.
    expect(await removeOldNotifications(t.db, now(), { batch: 2 })).toBe(4);
    expect(await left()).toEqual(['read, 10 days', 'read, 89 days', 'unread, 200 days', 'unread, 364 days']);
    expect(await removeOldNotifications(t.db, now(), { batch: 2 })).toBe(0);

    // Two days on by the app's clock, the read one of 89 days and the unread one of 364 are past keeping.
    t.clock.advance(2 * DAY_S);
    expect(await removeOldNotifications(t.db, now())).toBe(2);
    expect(await left()).toEqual(['read, 10 days', 'unread, 200 days']);
  });
});
