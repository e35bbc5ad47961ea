import {
  henDayPercent,
  isUnderWithdrawal,
  type GrowthLog,
  type HealthRecord,
  type Livestock,
  type LivestockEvent,
  type Production,
} from '@gona/shared/livestock';
import { normalizeQuantity } from '@gona/shared/units';
import {
  type livestock,
  type livestock_events,
  type livestock_growth_logs,
  type livestock_health_records,
  type livestock_production,
} from '../../db/schema/index';

/** Row → wire mapping, the farm's today, and the money only roles that may read it are given. */

/** An animal or group as the API shows it; a withdrawal period that has ended shows as none. */
export function toLivestock(row: typeof livestock.$inferSelect, today: string): Livestock {
  return {
    ...row,
    withdrawal_until: isUnderWithdrawal(row.withdrawal_until, today) ? row.withdrawal_until : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toHealthRecord(row: typeof livestock_health_records.$inferSelect): HealthRecord {
  const { movement_id: _movement, ...rest } = row;
  return {
    ...rest,
    quantity_used: row.quantity_used === null ? null : normalizeQuantity(row.quantity_used),
    created_at: row.created_at.toISOString(),
  };
}

export function toGrowthLog(row: typeof livestock_growth_logs.$inferSelect): GrowthLog {
  return { ...row, weight_kg: normalizeQuantity(row.weight_kg), created_at: row.created_at.toISOString() };
}

export function toEvent(row: typeof livestock_events.$inferSelect): LivestockEvent {
  const { change, ...rest } = row;
  return { ...rest, count: Math.abs(change), created_at: row.created_at.toISOString() };
}

/** A production record with the heads of its group at the end of that day, for the hen-day rate. */
export function toProduction(
  row: typeof livestock_production.$inferSelect & { head_count_on_date: number },
): Production {
  const { movement_id: _movement, ...rest } = row;
  const decimal = (value: string | null) => (value === null ? null : normalizeQuantity(value));
  return {
    ...rest,
    milk_litres: decimal(row.milk_litres),
    fish_kg: decimal(row.fish_kg),
    feed_quantity: decimal(row.feed_quantity),
    hen_day_percent:
      row.eggs_collected === null ? null : henDayPercent(row.eggs_collected, row.head_count_on_date),
    created_at: row.created_at.toISOString(),
  };
}
