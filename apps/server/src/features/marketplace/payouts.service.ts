import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import {
  PAYOUT_ACCOUNT_HOLD_HOURS,
  PAYOUT_MAX_TRIES,
  type Bank,
  type Payout,
  type PayoutAccount,
  type ResolveAccountInputSchema,
  type ResolvedAccount,
  type SavePayoutAccountInputSchema,
} from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import type { Page, PageQuery } from '@gona/shared/pagination';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import {
  farms,
  ledger_entries,
  orders,
  payout_accounts,
  payouts,
  sale_payments,
  sales,
} from '../../db/schema/index';
import {
  PaymentGatewayError,
  PaymentGatewayUnreachableError,
  type PaymentGateway,
} from '../../integrations/payments';
import { auditInsert, auditUpdate, type FieldChanges } from '../../lib/audit';
import type { Deps, FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { dateIn } from '../../lib/farm-time';
import { keyset, newestFirst } from '../../lib/pagination';
import { checkOwnPassword } from '../account/password.service';
import { notify } from '../notifications/notify.service';
import { recordLedger } from './ledger.service';

type ResolveInput = z.output<typeof ResolveAccountInputSchema>;
type SaveInput = z.output<typeof SavePayoutAccountInputSchema>;
type PayoutDeps = Pick<Deps, 'db' | 'payments' | 'logger' | 'now'>;
/** What the payout sweep needs (jobs/marketplace-orders.ts): it runs on its own clock. */
type SweepDeps = Pick<Deps, 'db' | 'payments' | 'logger'>;
type PayoutRow = typeof payouts.$inferSelect;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Payouts one sweep sends; the next run goes on. */
const SWEEP_BATCH = 200;
/** A payout marked sent whose transfer request never came back (the process stopped) is asked again after this. */
const SENT_UNANSWERED_MS = 10 * 60_000;

const BANKS_DOWN = 'Banks could not be loaded. Try again in a moment.';
const BANK_DOWN = 'The bank could not be reached. Try again in a moment.';
const UNKNOWN_ACCOUNT = 'The bank does not know this account number. Check it and the bank.';
const NOT_FOR_PAYOUTS = 'This account cannot receive payouts. Check it with your bank or choose another.';
const WRONG_PASSWORD = 'That password is not right';

const payoutPages = keyset({ order: newestFirst(payouts) });

// Banks ---------------------------------------------------------------------------------------------

/** The gateway's bank list, kept a day per gateway (it hardly changes and every account form needs it). */
const bankCache = new WeakMap<PaymentGateway, { banks: Bank[]; at: number }>();

/** Nigerian banks by name; Paystack not answering is 503 with words of ours, never its own. */
export async function listBanks(deps: Pick<Deps, 'payments' | 'logger' | 'now'>): Promise<Bank[]> {
  const gateway = deps.payments;
  if (!gateway) throw new AppError('UNAVAILABLE', BANKS_DOWN);
  const cached = bankCache.get(gateway);
  if (cached && deps.now() - cached.at < DAY_MS) return cached.banks;
  let listed: Bank[];
  try {
    listed = await gateway.listBanks();
  } catch (err) {
    deps.logger.warn('marketplace: the bank list could not be loaded', { err: String(err) });
    throw new AppError('UNAVAILABLE', BANKS_DOWN);
  }
  const byCode = new Map(listed.map((b) => [b.code, { code: b.code, name: b.name }]));
  const banks = [...byCode.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  if (banks.length === 0) throw new AppError('UNAVAILABLE', BANKS_DOWN);
  bankCache.set(gateway, { banks, at: deps.now() });
  return banks;
}

// The farm's payout account -----------------------------------------------------------------------

/** The name on an account, from the bank through Paystack, before it is saved. */
export async function resolvePayoutAccount(deps: PayoutDeps, input: ResolveInput): Promise<ResolvedAccount> {
  const banks = await listBanks(deps);
  const bank = banks.find((b) => b.code === input.bank_code);
  if (!bank) throw new AppError('VALIDATION', undefined, { bank_code: 'Choose the bank from the list' });
  const gateway = deps.payments!;
  try {
    const resolved = await gateway.resolveAccount({
      bankCode: bank.code,
      accountNumber: input.account_number,
    });
    return {
      bank_code: bank.code,
      bank_name: bank.name,
      account_number: input.account_number,
      account_name: resolved.accountName,
    };
  } catch (err) {
    throw gatewayRefusal(deps, err, UNKNOWN_ACCOUNT, 'resolving an account');
  }
}

/**
 * Saves the farm's payout account: the owner's password first (wrong ones count against the
 * sign-in limit), the account resolved again and made a transfer recipient, then stored with its
 * last 4 digits only. A change of account holds payouts PAYOUT_ACCOUNT_HOLD_HOURS and tells the
 * farm's owners; the first account is not held. Saving the same account again changes nothing but
 * the recipient.
 */
export async function savePayoutAccount(
  ctx: FarmCtx,
  input: SaveInput,
  deps: PayoutDeps,
): Promise<PayoutAccount> {
  try {
    await checkOwnPassword({ ...ctx, now: deps.now() }, input.password);
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION' && err.fields?.password)
      throw new AppError('VALIDATION', undefined, { password: WRONG_PASSWORD });
    throw err;
  }
  const resolved = await resolvePayoutAccount(deps, input);
  let recipientCode: string;
  try {
    ({ recipientCode } = await deps.payments!.createRecipient({
      name: resolved.account_name,
      accountNumber: resolved.account_number,
      bankCode: resolved.bank_code,
    }));
  } catch (err) {
    throw gatewayRefusal(deps, err, NOT_FOR_PAYOUTS, 'creating a transfer recipient');
  }
  const now = new Date(deps.now());
  const last4 = resolved.account_number.slice(-4);
  return ctx.db.transaction(async (tx) => {
    // The farm's row serializes two saves at once, so only one of them is "the first account".
    const [farm] = await tx
      .select({ name: farms.name })
      .from(farms)
      .where(eq(farms.id, ctx.farmId))
      .for('update');
    if (!farm) throw new AppError('NOT_FOUND');
    const [current] = await tx.select().from(payout_accounts).where(eq(payout_accounts.farm_id, ctx.farmId));
    const changed =
      current !== undefined &&
      (current.bank_code !== resolved.bank_code ||
        current.account_last4 !== last4 ||
        current.account_name !== resolved.account_name);
    const values = {
      bank_code: resolved.bank_code,
      bank_name: resolved.bank_name,
      account_last4: last4,
      account_name: resolved.account_name,
      recipient_code: recipientCode,
      hold_until: changed
        ? new Date(now.getTime() + PAYOUT_ACCOUNT_HOLD_HOURS * HOUR_MS)
        : (current?.hold_until ?? null),
      updated_by: ctx.userId,
      updated_at: now,
    };
    const [row] = await tx
      .insert(payout_accounts)
      .values({ farm_id: ctx.farmId, ...values })
      .onConflictDoUpdate({ target: payout_accounts.farm_id, set: values })
      .returning();
    const shown = {
      bank_name: values.bank_name,
      account_last4: last4,
      account_name: values.account_name,
      hold_until: iso(values.hold_until),
    };
    if (!current) await auditInsert(tx, ctx, payout_accounts, { id: ctx.farmId, record: shown });
    else {
      const before = {
        bank_name: current.bank_name,
        account_last4: current.account_last4,
        account_name: current.account_name,
        hold_until: iso(current.hold_until),
      };
      const changes: FieldChanges = {};
      for (const key of Object.keys(shown) as (keyof typeof shown)[])
        if (before[key] !== shown[key]) changes[key] = { from: before[key], to: shown[key] };
      await auditUpdate(tx, ctx, payout_accounts, {
        id: ctx.farmId,
        changes: Object.keys(changes).length > 0 ? changes : null,
        context: { bank_name: values.bank_name, account_last4: last4 },
      });
    }
    if (changed)
      await notify(
        { db: tx },
        {
          farmId: ctx.farmId,
          roles: ['owner'],
          kind: 'payout',
          params: {
            status: 'account_changed',
            farm_name: farm.name,
            bank_name: values.bank_name,
            account_last4: last4,
            account_name: values.account_name,
            hold_hours: PAYOUT_ACCOUNT_HOLD_HOURS,
          },
          link: NOTIFICATION_PATHS.farmOrders,
          urgency: 'urgent',
          dedupeKey: `payout_account:${ctx.farmId}:${now.getTime()}`,
        },
      );
    return toPayoutAccount(row!);
  });
}

/** The farm's payout account, or null when it has none yet. */
export async function getPayoutAccount(ctx: FarmCtx): Promise<PayoutAccount | null> {
  const [row] = await ctx.db.select().from(payout_accounts).where(eq(payout_accounts.farm_id, ctx.farmId));
  return row ? toPayoutAccount(row) : null;
}

function toPayoutAccount(row: typeof payout_accounts.$inferSelect): PayoutAccount {
  return {
    bank_code: row.bank_code,
    bank_name: row.bank_name,
    account_last4: row.account_last4,
    account_name: row.account_name,
    hold_until: iso(row.hold_until),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * A refusal by the gateway about the account itself (400, 404, 422) is said beside the account
 * number; a wrong key, no answer or anything else is "try again" for people and an error in the log.
 */
function gatewayRefusal(deps: Pick<Deps, 'logger'>, err: unknown, message: string, what: string): Error {
  if (err instanceof PaymentGatewayError && [400, 404, 422].includes(err.httpStatus))
    return new AppError('VALIDATION', undefined, { account_number: message });
  if (err instanceof PaymentGatewayError || err instanceof PaymentGatewayUnreachableError) {
    deps.logger.error(`marketplace: Paystack failed ${what}`, { err: String(err) });
    return new AppError('UNAVAILABLE', BANK_DOWN);
  }
  return err instanceof Error ? err : new Error(String(err));
}

// Payouts -----------------------------------------------------------------------------------------

/** The farm's payouts, newest first. */
export async function listPayouts(ctx: FarmCtx, query: PageQuery): Promise<Page<Payout>> {
  const { farmId } = ctx;
  const rows = await ctx.db
    .select({ payout: payouts, order_title: orders.title })
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.order_id))
    .where(and(eq(payouts.farm_id, farmId), payoutPages.after(query.cursor)))
    .orderBy(...payoutPages.orderBy)
    .limit(query.limit + 1);
  const page = payoutPages.page(
    rows.map((r) => ({ ...r, id: r.payout.id, created_at: r.payout.created_at })),
    query.limit,
  );
  return {
    next_cursor: page.next_cursor,
    items: page.items.map(({ payout: p, order_title }) => ({
      id: p.id,
      order_id: p.order_id,
      order_title,
      amount_kobo: p.amount_kobo,
      status: p.status,
      failure: p.failure,
      tries: p.tries,
      paid_at: iso(p.paid_at),
      created_at: p.created_at.toISOString(),
    })),
  };
}

/**
 * A completed order's payout (what the farm is owed), in the completion's transaction: pending,
 * once per order.
 */
export async function createPayoutIn(
  tx: Tx,
  order: { id: string; farm_id: string | null },
  amountKobo: number,
): Promise<void> {
  if (!order.farm_id || amountKobo <= 0) return;
  await tx
    .insert(payouts)
    .values({ order_id: order.id, farm_id: order.farm_id, amount_kobo: amountKobo })
    .onConflictDoNothing({ target: payouts.order_id });
}

/** Try n of an order's payout: Paystack's reference, its idempotency key. */
export function payoutReference(orderReference: string, tryNumber: number): string {
  return `${orderReference}-payout-${tryNumber}`;
}

function tryOf(reference: string): number {
  const n = Number(/-payout-(\d+)$/.exec(reference)?.[1]);
  return Number.isSafeInteger(n) ? n : 0;
}

/**
 * Every minute: pending payouts of farms with an account not on hold are sent. Each payout is
 * claimed by one conditional update (pending, with the tries read) before Paystack is asked, so
 * sweeps at once send it once; the reference names the try, so asking Paystack again for the same
 * try is refused there rather than paid twice. A refusal counts as a failed try; no answer leaves
 * it pending for the same try again. Answers how many transfers were asked.
 *
 * Tries are counted over the payout's whole life and never go back (the reference of try n is
 * `<order reference>-payout-<n>`, so a smaller count would ask for a reference already used). A
 * payout stops at the end of each round of PAYOUT_MAX_TRIES (failTry makes it `failed`); Gona's
 * staff sending it again (admin-payouts.service.ts) make it pending with its count kept, and the
 * sweep goes on from the next number: every pending payout may be sent.
 */
export async function sendPayouts(deps: SweepDeps, now: Date, only?: { orderId: string }): Promise<number> {
  if (!deps.payments) return 0;
  // Sent, but the request never came back (the process stopped between claim and answer): ask again
  // for the same try.
  await deps.db
    .update(payouts)
    .set({ status: 'pending', tries: sql`${payouts.tries} - 1`, updated_at: now })
    .where(
      and(
        eq(payouts.status, 'sent'),
        isNull(payouts.transfer_code),
        lte(payouts.sent_at, new Date(now.getTime() - SENT_UNANSWERED_MS)),
      ),
    );
  const due = await deps.db
    .select({
      payout: payouts,
      order_reference: orders.reference,
      title: orders.title,
      recipient_code: payout_accounts.recipient_code,
      bank_name: payout_accounts.bank_name,
      account_last4: payout_accounts.account_last4,
    })
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.order_id))
    .innerJoin(payout_accounts, eq(payout_accounts.farm_id, payouts.farm_id))
    .where(
      and(
        eq(payouts.status, 'pending'),
        or(isNull(payout_accounts.hold_until), lte(payout_accounts.hold_until, now)),
        only ? eq(payouts.order_id, only.orderId) : undefined,
      ),
    )
    .orderBy(payouts.created_at, payouts.id)
    .limit(SWEEP_BATCH);
  let sent = 0;
  for (const row of due) {
    const tryNumber = row.payout.tries + 1;
    const reference = payoutReference(row.order_reference, tryNumber);
    const [claimed] = await deps.db
      .update(payouts)
      .set({
        status: 'sent',
        tries: tryNumber,
        reference,
        transfer_code: null,
        bank_name: row.bank_name,
        account_last4: row.account_last4,
        sent_at: now,
        updated_at: now,
      })
      .where(
        and(
          eq(payouts.id, row.payout.id),
          eq(payouts.status, 'pending'),
          eq(payouts.tries, row.payout.tries),
        ),
      )
      .returning();
    if (!claimed) continue;
    try {
      const transfer = await deps.payments.transfer({
        amountKobo: claimed.amount_kobo,
        recipientCode: row.recipient_code,
        reference,
        reason: `Gona order ${row.title}`,
      });
      await deps.db
        .update(payouts)
        .set({ transfer_code: transfer.transferCode })
        .where(and(eq(payouts.id, claimed.id), eq(payouts.reference, reference)));
      sent++;
    } catch (err) {
      if (err instanceof PaymentGatewayError && isDuplicateReference(err)) {
        // Paystack already has this try (an earlier request whose answer was lost): it is sent.
        await deps.db
          .update(payouts)
          .set({ transfer_code: 'duplicate' })
          .where(and(eq(payouts.id, claimed.id), eq(payouts.reference, reference)));
        continue;
      }
      if (err instanceof PaymentGatewayError) {
        deps.logger.warn('marketplace: Paystack refused a payout transfer', {
          payoutId: claimed.id,
          err: String(err),
        });
        await deps.db.transaction((tx) =>
          failTry(tx, claimed, reference, 'Paystack refused the transfer.', ['sent']),
        );
        continue;
      }
      deps.logger.warn('marketplace: a payout transfer got no answer; the sweep asks again', {
        payoutId: claimed.id,
        err: String(err),
      });
      await deps.db
        .update(payouts)
        .set({ status: 'pending', tries: tryNumber - 1, updated_at: now })
        .where(and(eq(payouts.id, claimed.id), eq(payouts.status, 'sent'), eq(payouts.reference, reference)));
    }
  }
  return sent;
}

function isDuplicateReference(err: PaymentGatewayError): boolean {
  return /reference/i.test(err.gatewayMessage) && /(exist|duplicate)/i.test(err.gatewayMessage);
}

/**
 * A try that failed: back to pending for the next try while tries of its round are left (rounds of
 * PAYOUT_MAX_TRIES: the first, then one per time Gona's staff send it again), else failed for Gona's
 * staff, the farm's owners told. Only from the states given (a payout already paid stays paid).
 */
async function failTry(
  tx: Tx,
  payout: PayoutRow,
  reference: string,
  reason: string,
  from: PayoutRow['status'][],
): Promise<'applied' | 'already_applied'> {
  const tries = Math.max(payout.tries, tryOf(reference));
  const final = tries % PAYOUT_MAX_TRIES === 0;
  const failure = final
    ? `${reason} The payout was tried ${tries} times and waits for Gona support.`
    : `${reason} It is sent again.`;
  const [changed] = await tx
    .update(payouts)
    .set({ status: final ? 'failed' : 'pending', tries, failure, updated_at: new Date() })
    .where(
      and(
        eq(payouts.id, payout.id),
        eq(payouts.reference, reference),
        sql`${payouts.status} IN (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .returning();
  if (!changed) return 'already_applied';
  if (final && changed.farm_id) {
    const [order] = await tx
      .select({ title: orders.title })
      .from(orders)
      .where(eq(orders.id, changed.order_id));
    await notify(
      { db: tx },
      {
        farmId: changed.farm_id,
        roles: ['owner'],
        kind: 'payout',
        params: {
          status: 'failed',
          payout_id: changed.id,
          listing_title: order?.title ?? '',
          amount_kobo: changed.amount_kobo,
          failure: reason,
        },
        link: NOTIFICATION_PATHS.farmOrders,
        // Told again when a round that Gona's staff started fails too.
        dedupeKey:
          tries > PAYOUT_MAX_TRIES ? `payout:${changed.id}:failed:${tries}` : `payout:${changed.id}:failed`,
      },
    );
  }
  return 'applied';
}

/** What applying a transfer event did, kept on the stored event. */
export type TransferEventOutcome = 'applied' | 'already_applied' | 'unknown_payout' | 'flagged';

/**
 * transfer.success / transfer.failed / transfer.reversed, found by our reference (the try's own).
 * Success pays the payout once (ledger seller_payable +, gateway −; the farm's money records get the
 * sale; the farm is told); a success for a payout already paid changes nothing. Failed or reversed
 * is a failed try: pending again while tries are left, else failed.
 */
export async function applyTransferEvent(
  deps: PayoutDeps,
  event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed',
  data: Record<string, unknown>,
): Promise<TransferEventOutcome> {
  const reference = typeof data.reference === 'string' ? data.reference : null;
  if (!reference) return 'unknown_payout';
  const now = new Date(deps.now());
  return deps.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.reference, reference)).for('update');
    if (!payout) return 'unknown_payout';
    if (event !== 'transfer.success') {
      if (payout.status === 'paid') {
        deps.logger.error('marketplace: a paid payout was reversed at Paystack', {
          payoutId: payout.id,
          event,
        });
        await tx
          .update(payouts)
          .set({
            failure: 'Paystack reversed this transfer after it was paid; Gona support is looking at it.',
          })
          .where(eq(payouts.id, payout.id));
        return 'flagged';
      }
      if (payout.status === 'pending' && payout.tries >= tryOf(reference)) return 'already_applied';
      const why =
        event === 'transfer.reversed'
          ? 'The bank sent the transfer back.'
          : 'The bank did not accept the transfer.';
      return failTry(tx, payout, reference, why, ['sent', 'pending']);
    }
    if (payout.status === 'paid') return 'already_applied';
    const [paid] = await tx
      .update(payouts)
      .set({
        status: 'paid',
        paid_at: now,
        failure: null,
        tries: Math.max(payout.tries, tryOf(reference)),
        transfer_code: typeof data.transfer_code === 'string' ? data.transfer_code : payout.transfer_code,
        updated_at: now,
      })
      .where(and(eq(payouts.id, payout.id), sql`${payouts.status} <> 'paid'`))
      .returning();
    if (!paid) return 'already_applied';
    await recordLedger(tx, paid.order_id, 'payout', [
      { account: 'seller_payable', amountKobo: paid.amount_kobo },
      { account: 'gateway', amountKobo: -paid.amount_kobo },
    ]);
    await recordFarmSale(tx, paid, now);
    if (paid.farm_id) {
      const [order] = await tx
        .select({ title: orders.title })
        .from(orders)
        .where(eq(orders.id, paid.order_id));
      await notify(
        { db: tx },
        {
          farmId: paid.farm_id,
          roles: ['owner', 'manager'],
          kind: 'payout',
          params: {
            status: 'paid',
            payout_id: paid.id,
            listing_title: order?.title ?? '',
            amount_kobo: paid.amount_kobo,
            bank_name: paid.bank_name ?? 'your bank',
            account_last4: paid.account_last4 ?? '',
          },
          link: NOTIFICATION_PATHS.sales,
          dedupeKey: `payout:${paid.id}:paid`,
        },
      );
    }
    return 'applied';
  });
}

/**
 * The farm's own money records get the sale when its payout is paid: "Marketplace: <title>", the
 * quantity delivered, the payout amount paid in full by bank transfer on the payout's day (the
 * farm's time zone), with Gona's commission in the note.
 */
async function recordFarmSale(tx: Tx, payout: PayoutRow, at: Date): Promise<void> {
  if (!payout.farm_id) return;
  const [order] = await tx
    .select({
      title: orders.title,
      reference: orders.reference,
      quantity: orders.quantity,
      delivered_quantity: orders.delivered_quantity,
      unit: orders.unit,
      timezone: farms.timezone,
    })
    .from(orders)
    .innerJoin(farms, eq(farms.id, payout.farm_id))
    .where(eq(orders.id, payout.order_id));
  if (!order) return;
  const [commission] = await tx
    .select({ sum: sql<string>`coalesce(sum(${ledger_entries.amount_kobo}), 0)` })
    .from(ledger_entries)
    .where(and(eq(ledger_entries.order_id, payout.order_id), eq(ledger_entries.account, 'commission')));
  const commissionKobo = -Number(commission?.sum ?? 0);
  const date = dateIn(order.timezone, at);
  const [sale] = await tx
    .insert(sales)
    .values({
      farm_id: payout.farm_id,
      date,
      buyer_name: 'Gona marketplace',
      product: `Marketplace: ${order.title}`,
      quantity: order.delivered_quantity ?? order.quantity,
      unit: order.unit,
      amount_kobo: payout.amount_kobo,
      paid_kobo: payout.amount_kobo,
      source: 'marketplace',
      notes: `Order ${order.reference}: paid to the farm's bank after Gona's commission of ${formatNaira(commissionKobo)}.`,
    })
    .returning({ id: sales.id });
  await tx.insert(sale_payments).values({
    farm_id: payout.farm_id,
    sale_id: sale!.id,
    date,
    amount_kobo: payout.amount_kobo,
    method: 'bank_transfer',
  });
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}
