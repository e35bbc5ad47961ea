import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYOUT_MAX_TRIES,
  type AdminPayout,
  type AdminPayoutPage,
  type Order,
} from '@gona/shared/marketplace';
import { audit_logs, ledger_entries, notifications } from '../../db/schema/index';
import type { FakePaystack } from '../../integrations/fake-paystack';
import { newId } from '../../lib/ids';
import { TEST_PASSWORD, type TestContext } from '../../test/context';
import { seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import {
  completedOrder,
  expectLedgerBalanced,
  payoutOf,
  paystackTestApp,
  seedAdmin,
  seedTeamWithPassword,
  sweepPayouts,
  type PaystackTestApp,
  type Refusal,
} from './orders.test-setup';
import { applyTransferEvent } from './payouts.service';

const HOUR_MS = 3_600_000;
const ACCOUNT = { bank_code: '057', account_number: '0123456789' };

let fake: FakePaystack;
let t: TestContext;
let app: PaystackTestApp;
let team: FarmTeam;
let buyer: SeededUser;
let admin: SeededUser;
const farmIds: string[] = [];

async function saveAccount(on: FarmTeam, account = ACCOUNT): Promise<void> {
  const res = await t.request('PUT', `${on.base}/payout-account`, {
    cookie: on.cookies.owner,
    body: { ...account, password: TEST_PASSWORD },
  });
  expect(res.status, res.text).toBe(200);
}

beforeAll(async () => {
  app = await paystackTestApp();
  ({ t, fake } = app);
  team = await seedTeamWithPassword(t, farmIds);
  await saveAccount(team);
  buyer = await seedUser(t, { first_name: 'Bisi' });
  admin = await seedAdmin(t);
});

afterAll(() => app.close());

function transfersOf(order: Order) {
  return fake.transfers.filter((tr) => tr.reference.startsWith(`${order.reference}-payout-`));
}

/** A completed order whose payout failed every try of a round (the bank refused each transfer). */
async function failedPayoutOrder(): Promise<Order> {
  const order = await completedOrder(app, { on: team, buyer });
  fake.failNextTransfer(...Array<'failed'>(PAYOUT_MAX_TRIES).fill('failed'));
  for (let n = 1; n <= PAYOUT_MAX_TRIES; n++) await sweepPayouts(app);
  expect(await payoutOf(t, order.id)).toMatchObject({ status: 'failed', tries: PAYOUT_MAX_TRIES });
  return order;
}

/** `cookie` null: no session. */
function list(status: string, cookie: string | null = admin.cookie) {
  return t.request<AdminPayoutPage & Refusal>('GET', `/api/admin/payouts?status=${status}&limit=100`, {
    cookie: cookie ?? undefined,
  });
}

function retry(payoutId: string, cookie: string | null = admin.cookie) {
  return t.request<AdminPayout & Refusal>('POST', `/api/admin/payouts/${payoutId}/retry`, {
    cookie: cookie ?? undefined,
  });
}

describe('the back office’s payouts', () => {
  it('refuses no session (401), anyone who is not an admin (403) and bad input (400), and says 404', async () => {
    const id = newId();
    expect((await list('failed', null)).status).toBe(401);
    expect((await retry(id, null)).status).toBe(401);
    for (const cookie of [buyer.cookie, team.cookies.owner, team.cookies.manager]) {
      expect((await list('failed', cookie)).status).toBe(403);
      expect((await retry(id, cookie)).status).toBe(403);
    }
    const bad = await list('lost');
    expect([bad.status, bad.body.error.code, bad.body.error.fields]).toEqual([
      400,
      'VALIDATION',
      { status: 'Choose failed or held payouts' },
    ]);
    const badCursor = await list('failed&cursor=nonsense');
    expect([badCursor.status, badCursor.body.error.fields]).toEqual([
      400,
      { cursor: 'This page link is no longer valid' },
    ]);
    const badId = await retry('not-an-id');
    expect([badId.status, Object.keys(badId.body.error.fields ?? {})]).toEqual([400, ['payoutId']]);
    const unknown = await retry(id);
    expect([unknown.status, unknown.body.error.message]).toEqual([404, 'Payout not found']);
  });

  it('lists a failed payout with its farm, amount, tries and reason; not among the held', async () => {
    const order = await failedPayoutOrder();
    const payout = await payoutOf(t, order.id);
    const failed = await list('failed');
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.items.find((p) => p.id === payout.id)).toEqual({
      id: payout.id,
      order_id: order.id,
      order_reference: order.reference,
      listing_title: order.listing_title,
      farm_id: team.farm.id,
      farm_name: team.farm.name,
      amount_kobo: order.seller_amount_kobo,
      status: 'failed',
      tries: PAYOUT_MAX_TRIES,
      failure: `The bank did not accept the transfer. The payout was tried ${PAYOUT_MAX_TRIES} times and waits for Gona support.`,
      bank_name: 'Zenith Bank',
      account_last4: '6789',
      held_because: null,
      hold_until: null,
      created_at: payout.created_at.toISOString(),
      sent_at: payout.sent_at!.toISOString(),
    });
    expect(failed.body.items.every((p) => p.status === 'failed')).toBe(true);
    expect((await list('held')).body.items.some((p) => p.id === payout.id)).toBe(false);
  });

  it('sends a failed payout again once, with a reference never used, and pays it once', async () => {
    const order = await failedPayoutOrder();
    const payout = await payoutOf(t, order.id);

    const res = await retry(payout.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      id: payout.id,
      status: 'pending',
      failure: null,
      tries: PAYOUT_MAX_TRIES,
    });
    expect(await payoutOf(t, order.id)).toMatchObject({
      status: 'pending',
      failure: null,
      tries: PAYOUT_MAX_TRIES,
    });

    // Audited on the farm's records with the admin's name.
    const audits = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.table_name, 'payouts'), eq(audit_logs.record_id, payout.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ user_id: admin.user.id, farm_id: team.farm.id, action: 'update' });
    expect(audits[0]!.changes).toMatchObject({
      status: { from: 'failed', to: 'pending' },
      order_reference: order.reference,
      amount_kobo: order.seller_amount_kobo,
    });

    // A second tap: refused, nothing more audited.
    const again = await retry(payout.id);
    expect([again.status, again.body.error.code, again.body.error.message]).toEqual([
      409,
      'CONFLICT',
      'This payout is not failed: it is already waiting to be sent.',
    ]);

    expect(await sweepPayouts(app)).toBe(1);
    const reference = `${order.reference}-payout-${PAYOUT_MAX_TRIES + 1}`;
    expect(transfersOf(order).map((tr) => [tr.reference, tr.status])).toEqual([
      ...Array.from({ length: PAYOUT_MAX_TRIES }, (_, i) => [`${order.reference}-payout-${i + 1}`, 'failed']),
      [reference, 'success'],
    ]);
    expect(await payoutOf(t, order.id)).toMatchObject({
      status: 'paid',
      reference,
      tries: PAYOUT_MAX_TRIES + 1,
      failure: null,
    });

    // The same webhook again, the event applied again by hand, and the sweep again: paid once.
    const resent = await fake.resendLast();
    expect(JSON.parse(resent.body)).toMatchObject({ event: 'transfer.success', data: { reference } });
    await fake.settled();
    const transfer = transfersOf(order).at(-1)!;
    expect(
      await applyTransferEvent(t.deps, 'transfer.success', {
        reference,
        transfer_code: transfer.transferCode,
      }),
    ).toBe('already_applied');
    expect(await sweepPayouts(app)).toBe(0);
    expect(transfersOf(order)).toHaveLength(PAYOUT_MAX_TRIES + 1);
    const paidLines = await t.db
      .select()
      .from(ledger_entries)
      .where(and(eq(ledger_entries.order_id, order.id), eq(ledger_entries.kind, 'payout')));
    expect(paidLines.map((l) => [l.account, l.amount_kobo]).sort()).toEqual(
      [
        ['gateway', -order.seller_amount_kobo!],
        ['seller_payable', order.seller_amount_kobo!],
      ].sort(),
    );
    await expectLedgerBalanced(t, farmIds);

    const paid = await retry(payout.id);
    expect([paid.status, paid.body.error.message]).toEqual([
      409,
      'This payout is already paid. It cannot be sent again.',
    ]);
    expect(
      await t.db
        .select()
        .from(audit_logs)
        .where(and(eq(audit_logs.table_name, 'payouts'), eq(audit_logs.record_id, payout.id))),
    ).toHaveLength(1);
  });

  it('sends a payout again once when two admins tap at the same time', async () => {
    const order = await failedPayoutOrder();
    const payout = await payoutOf(t, order.id);
    const answers = await Promise.all([retry(payout.id), retry(payout.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await sweepPayouts(app)).toBe(1);
    expect(transfersOf(order)).toHaveLength(PAYOUT_MAX_TRIES + 1);
    expect((await payoutOf(t, order.id)).status).toBe('paid');
    await expectLedgerBalanced(t, farmIds);
  });

  it('gives a payout sent again a new round of tries, and tells the owners when that fails too', async () => {
    const order = await failedPayoutOrder();
    const payout = await payoutOf(t, order.id);
    expect((await retry(payout.id)).status).toBe(200);
    fake.failNextTransfer(...Array<'reversed'>(PAYOUT_MAX_TRIES).fill('reversed'));
    for (let n = 1; n <= PAYOUT_MAX_TRIES; n++) {
      expect(await sweepPayouts(app)).toBe(1);
      expect(await payoutOf(t, order.id)).toMatchObject({
        tries: PAYOUT_MAX_TRIES + n,
        reference: `${order.reference}-payout-${PAYOUT_MAX_TRIES + n}`,
        status: n < PAYOUT_MAX_TRIES ? 'pending' : 'failed',
      });
    }
    expect(await sweepPayouts(app)).toBe(0);
    const references = transfersOf(order).map((tr) => tr.reference);
    expect(new Set(references).size).toBe(2 * PAYOUT_MAX_TRIES);
    expect((await payoutOf(t, order.id)).failure).toBe(
      `The bank sent the transfer back. The payout was tried ${2 * PAYOUT_MAX_TRIES} times and waits for Gona support.`,
    );
    const told = await t.db
      .select({ key: notifications.dedupe_key, user: notifications.user_id })
      .from(notifications)
      .where(and(eq(notifications.kind, 'payout'), eq(notifications.farm_id, team.farm.id)));
    const failedTold = told
      .filter((n) => n.key?.startsWith(`payout:${payout.id}:failed`))
      .sort((a, b) => (a.key ?? '').localeCompare(b.key ?? ''));
    expect(failedTold).toEqual([
      { key: `payout:${payout.id}:failed`, user: team.users.owner.id },
      { key: `payout:${payout.id}:failed:${2 * PAYOUT_MAX_TRIES}`, user: team.users.owner.id },
    ]);
    // Still owed to the farm, and the back office lists it again.
    await expectLedgerBalanced(t, farmIds);
    expect((await list('failed')).body.items.find((p) => p.id === payout.id)?.tries).toBe(
      2 * PAYOUT_MAX_TRIES,
    );
  });

  it('lists held payouts and why: no payout account, or one changed and on hold until a time', async () => {
    const noAccount = await seedTeamWithPassword(t, farmIds);
    const waiting = await completedOrder(app, { on: noAccount, buyer });
    const changed = await seedTeamWithPassword(t, farmIds);
    await saveAccount(changed);
    await saveAccount(changed, { bank_code: '058', account_number: '9876543210' });
    const onHold = await completedOrder(app, { on: changed, buyer });
    await sweepPayouts(app);
    expect((await payoutOf(t, waiting.id)).status).toBe('pending');
    expect((await payoutOf(t, onHold.id)).status).toBe('pending');

    const held = await list('held');
    expect(held.status, held.text).toBe(200);
    expect(held.body.items.find((p) => p.order_id === waiting.id)).toMatchObject({
      farm_id: noAccount.farm.id,
      status: 'pending',
      tries: 0,
      held_because: 'no_account',
      hold_until: null,
      bank_name: null,
      account_last4: null,
      sent_at: null,
    });
    const holdUntil = new Date(t.deps.now() + 24 * HOUR_MS).toISOString();
    expect(held.body.items.find((p) => p.order_id === onHold.id)).toMatchObject({
      farm_id: changed.farm.id,
      held_because: 'account_changed',
      hold_until: holdUntil,
      bank_name: 'Guaranty Trust Bank',
      account_last4: '3210',
    });
    expect(held.body.items.every((p) => p.status === 'pending' && p.held_because !== null)).toBe(true);
    expect((await list('failed')).body.items.some((p) => p.order_id === waiting.id)).toBe(false);

    // A held payout is not failed: it cannot be sent again by hand.
    const refused = await retry((await payoutOf(t, waiting.id)).id);
    expect([refused.status, refused.body.error.message]).toEqual([
      409,
      'This payout is not failed: it is already waiting to be sent.',
    ]);

    // Once the hold is over it is no longer held (the sweep will send it).
    t.clock.advance(24 * 3600 + 1);
    const later = await list('held');
    expect(later.body.items.some((p) => p.order_id === onHold.id)).toBe(false);
    expect(later.body.items.some((p) => p.order_id === waiting.id)).toBe(true);
  });

  it('pages the list newest first', async () => {
    const first = await t.request<AdminPayoutPage>('GET', '/api/admin/payouts?status=failed&limit=1', {
      cookie: admin.cookie,
    });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.next_cursor).not.toBeNull();
    const next = await t.request<AdminPayoutPage>(
      'GET',
      `/api/admin/payouts?status=failed&limit=1&cursor=${encodeURIComponent(first.body.next_cursor!)}`,
      { cookie: admin.cookie },
    );
    expect(next.status).toBe(200);
    expect(next.body.items[0]!.id).not.toBe(first.body.items[0]!.id);
    expect(next.body.items[0]!.created_at <= first.body.items[0]!.created_at).toBe(true);
  });
});
