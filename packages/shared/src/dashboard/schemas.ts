import { z } from 'zod';

const count = z.number().int().nonnegative();

/** A month's money in and out, as the money screen's profit and loss answers it. */
const MonthMoneySchema = z.object({
  from: z.string(),
  to: z.string(),
  income_kobo: z.number().int(),
  costs_kobo: z.number().int(),
});

/** One produce's today against the average of the 7 days before it (a decimal string). */
const ProducedSchema = z.object({ today: z.string(), average_7_days: z.string() });

/**
 * The dashboard's cards in one answer (GET /farms/{farmId}/dashboard), each from its feature's own
 * reads: tasks due today and late (a worker's own and unassigned), open alerts, this month's money
 * against last month, today's eggs and milk against the week before, animals needing care, orders to
 * act on and the farm's crops' market prices. `money`, `orders` and `market_prices` are there only
 * for those who read money (decision 053), absent otherwise.
 */
export const DashboardSchema = z.object({
  /** Today on the farm's clock. */
  today: z.string(),
  /** The farm's time zone, for times shown on the cards. */
  time_zone: z.string(),
  tasks: z.object({
    overdue: count,
    due_today: count,
    /** The first few open tasks, late ones first. */
    items: z.array(z.object({ id: z.string(), title: z.string(), due_date: z.string(), late: z.boolean() })),
  }),
  alerts: z.object({ weather: count, disease: count, market: count, low_stock: count }),
  money: z.object({ this_month: MonthMoneySchema, last_month: MonthMoneySchema }).optional(),
  production: z.object({ eggs: ProducedSchema, milk_litres: ProducedSchema }),
  care: z.object({
    late: count,
    due_today: count,
    items: z.array(
      z.object({
        task_id: z.string(),
        title: z.string(),
        due_date: z.string(),
        animal_id: z.string(),
        animal_name: z.string(),
      }),
    ),
  }),
  orders: z.object({ to_accept: count, to_dispatch: count }).optional(),
  market_prices: z
    .array(
      z.object({
        product_key: z.string(),
        name: z.string(),
        /** This week's median a kg, and the 28 days' before it. */
        price_kobo: z.number().int(),
        was_kobo: z.number().int(),
        in_state: z.boolean(),
      }),
    )
    .optional(),
  /**
   * What the owner's Gona Pro banner needs (those who manage billing only): a renewal that failed
   * (`past_due` until `grace_ends_at`, in the farm's time zone) or workers left inactive after a
   * return to Free. Carried here so the first screen makes no request of its own for it.
   */
  pro: z
    .object({
      state: z.string(),
      grace_ends_at: z.string().nullable(),
      inactive_workers: count,
    })
    .optional(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
