import { and, eq, ne, sql } from 'drizzle-orm';
import type { SaleStock, StockTake } from '@gona/shared/finance';
import { groupQuantity, milliOf, normalizeQuantity, toMilli } from '@gona/shared/units';
import type { Db, Tx } from '../../db/client';
import { knowledge_crops, livestock_production, sales } from '../../db/schema/index';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { produceStock, storedProduce } from '../crops/records.service';

/**
 * What the farm holds to sell from: stored harvest by crop in kg (the crops feature's produce in
 * store, less what sales took) and eggs in hand. Both are derived from the records, never kept, so a
 * changed or deleted sale gives back what it took.
 */
export async function saleStock(ctx: FarmCtx): Promise<SaleStock> {
  const [harvest, eggs] = await Promise.all([produceStock(ctx), eggsInHand(ctx.db, ctx.farmId)]);
  return { harvest, eggs };
}

/**
 * Eggs collected, less those that cracked, less eggs sold (`sales.stock_quantity` of kind `eggs`);
 * `exceptSaleId` leaves one sale out. Never below nothing.
 */
async function eggsInHand(db: Db | Tx, farmId: string, exceptSaleId?: string): Promise<number> {
  const [[laid], [sold]] = await Promise.all([
    db
      .select({
        eggs: sql<string>`coalesce(sum(${livestock_production.eggs_collected} - coalesce(${livestock_production.eggs_cracked}, 0)), 0)::text`,
      })
      .from(livestock_production)
      .where(eq(livestock_production.farm_id, farmId)),
    db
      .select({ eggs: sql<string>`coalesce(sum(${sales.stock_quantity}), 0)::text` })
      .from(sales)
      .where(
        and(
          eq(sales.farm_id, farmId),
          eq(sales.stock_kind, 'eggs'),
          exceptSaleId ? ne(sales.id, exceptSaleId) : undefined,
        ),
      ),
  ]);
  // As text: a sum of integers is a bigint, which PGlite answers as a number and PostgreSQL as text.
  // Eggs are whole, so the difference in milli-eggs divides exactly.
  return Math.max(0, ((toMilli(laid?.eggs ?? '0') ?? 0) - (toMilli(sold?.eggs ?? '0') ?? 0)) / 1000);
}

/**
 * Refuses a sale that takes more than the farm holds, next to the field the amount came from. The
 * farm's stock of that kind is locked for the rest of the transaction first (two sales racing for
 * the last 50 kg queue here, and the second reads what the first took once it commits); the sale
 * itself is left out of what is counted, so a sale already written (a new one) or being changed is
 * checked against the stock without it.
 */
export async function assertInStock(
  tx: Tx,
  farmId: string,
  saleId: string,
  take: StockTake,
  field: 'quantity' | 'stock_quantity',
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`gona_sale_stock:${farmId}:${take.kind}`}, 0))`,
  );
  if (take.kind === 'eggs') {
    const eggs = await eggsInHand(tx, farmId, saleId);
    if (milliOf(take.quantity) > eggs * 1000)
      throw new AppError('VALIDATION', undefined, {
        [field]:
          eggs === 0
            ? 'No eggs are in hand: record the eggs collected first'
            : `Only ${groupQuantity(String(eggs))} ${eggs === 1 ? 'egg is' : 'eggs are'} in hand`,
      });
    return;
  }
  const cropKey = take.crop_key ?? '';
  const [stored] = await storedProduce(tx, farmId, { cropKey, exceptSaleId: saleId });
  const kg = stored?.kg ?? '0';
  if (milliOf(take.quantity) <= (toMilli(kg) ?? 0)) return;
  const crop = (await cropName(tx, cropKey)).toLowerCase();
  throw new AppError('VALIDATION', undefined, {
    [field]:
      kg === '0'
        ? `No ${crop} is in store`
        : `Only ${groupQuantity(normalizeQuantity(kg))} kg of ${crop} is in store`,
  });
}

async function cropName(tx: Tx, cropKey: string): Promise<string> {
  const [row] = await tx
    .select({ name: knowledge_crops.name })
    .from(knowledge_crops)
    .where(eq(knowledge_crops.key, cropKey));
  return row?.name ?? cropKey;
}
