import { eq } from 'drizzle-orm';
import { CreateExpenseInputSchema, CreateSaleInputSchema } from '@gona/shared/finance';
import { CreateCropInputSchema } from '@gona/shared/crops';
import { CreateSupplyInputSchema, RecordMovementInputSchema } from '@gona/shared/inventory';
import {
  CreateGrowthLogInputSchema,
  CreateLivestockInputSchema,
  RecordEventInputSchema,
  RecordProductionInputSchema,
} from '@gona/shared/livestock';
import { CreateStaffInputSchema } from '@gona/shared/staff';
import { CompleteTaskInputSchema, CreateTaskInputSchema } from '@gona/shared/tasks';
import type { Db } from '../../../db/client';
import {
  crops,
  expenses,
  farm_memberships,
  farms,
  livestock,
  livestock_events,
  livestock_growth_logs,
  livestock_production,
  sales,
  supplies,
  supply_movements,
  tasks,
  users,
} from '../../../db/schema/index';
import type { FarmCtx } from '../../../lib/ctx';
import { addDays } from '../../../lib/farm-time';
import { newId } from '../../../lib/ids';
import type { Logger } from '../../../lib/logger';
import { createCrop } from '../../crops/crops.service';
import { createSupply } from '../../inventory/supplies.service';
import { recordMovement } from '../../inventory/movements.service';
import { createLivestock } from '../../livestock/livestock.service';
import { recordEvent, recordGrowth, recordProduction } from '../../livestock/records.service';
import { createExpense } from '../../money/expenses.service';
import { createSale } from '../../money/sales.service';
import { createStaff } from '../../staff/staff.service';
import { completeTask, createTask } from '../../tasks/tasks.service';

/**
 * The fixture farm the test set's farm-record questions are asked on: Adunni's mixed farm in Oyo
 * State, seen on Wednesday 18 November 2026 at 10:00 in Lagos (the benchmark runs on that clock).
 * Every record is written through the services the screens use, so the figures the questions
 * expect (golden/test.json) are the farm's own. The eggs of each pen repeat every 7 days, so any
 * 7 days in a row hold the same number ("last week" as Monday to Sunday or as the 7 days before
 * today reads the same): Pen A 1,190 a week from 200 hens (85.0 % hen-day), Pen B 756 from 120
 * (90.0 %); 1,946 in all (86.9 %).
 */
export const FIXTURE_NOW = Date.parse('2026-11-18T10:00:00+01:00');
export const FIXTURE_TODAY = '2026-11-18';

/** Eggs a day, by day of a 7-day cycle (the cycle starts on any day: 7 days in a row sum the same). */
const PEN_A_EGGS = [170, 172, 168, 175, 165, 171, 169];
const PEN_B_EGGS = [110, 106, 108, 109, 107, 108, 108];
const EGGS_FROM = '2026-10-01';
const EGGS_TO = '2026-11-17';
/** Layer mash given a day from 1 November (kg). */
const PEN_A_FEED = 23;
const PEN_B_FEED = 14;
/** Milk a day from the dairy cows, by day of a 7-day cycle (litres). */
const MILK = [9, 10, 9.5, 10.5, 9, 10, 9.5];
const MILK_FROM = '2026-11-01';

/** Day index of a date in days since 1970-01-01, for the 7-day cycles. */
function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}
function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}
const eggsOn = (pen: number[], date: string) => pen[dayNumber(date) % 7]!;

/** Figures worked out from the records above, as the questions expect them (for the report's check). */
export function fixtureFigures(): Record<string, number> {
  const sum = (pen: number[], from: string, to: string) =>
    days(from, to).reduce((total, day) => total + eggsOn(pen, day), 0);
  const both = (from: string, to: string) => sum(PEN_A_EGGS, from, to) + sum(PEN_B_EGGS, from, to);
  return {
    eggs_yesterday: both('2026-11-17', '2026-11-17'),
    pen_a_yesterday: sum(PEN_A_EGGS, '2026-11-17', '2026-11-17'),
    pen_b_yesterday: sum(PEN_B_EGGS, '2026-11-17', '2026-11-17'),
    eggs_last_week: both('2026-11-09', '2026-11-15'),
    eggs_last_7_days: both('2026-11-11', '2026-11-17'),
    pen_a_last_week: sum(PEN_A_EGGS, '2026-11-09', '2026-11-15'),
    pen_b_last_week: sum(PEN_B_EGGS, '2026-11-09', '2026-11-15'),
    eggs_this_month: both('2026-11-01', '2026-11-17'),
    eggs_october: both('2026-10-01', '2026-10-31'),
    eggs_this_week: both('2026-11-16', '2026-11-17'),
    milk_last_week: days('2026-11-09', '2026-11-15').reduce((t, d) => t + MILK[dayNumber(d) % 7]!, 0),
    milk_yesterday: MILK[dayNumber('2026-11-17') % 7]!,
  };
}

/**
 * What follows from the egg records and an answer may write besides the sums: for each pen and both,
 * over any period a farmer asks about, the eggs, the crates of 30 and the hen-day rate (to 0, 1 and
 * 2 decimals), and the feed given. Numbers outside these, the records and the knowledge base are
 * unsupported.
 */
export function fixtureDerived(): string[] {
  // Every period a farmer may name: from any day up to yesterday or today ("since 10 November",
  // "the last 3 days", "this month"), any 7 days in a row (a week, however it is counted), any
  // calendar month, and any single day asked by its date ("eggs laid on 16 November").
  const periods: [string, string][] = [];
  for (const from of days(EGGS_FROM, FIXTURE_TODAY)) {
    periods.push([from, from], [from, addDays(from, 6)]);
    for (const to of [EGGS_TO, FIXTURE_TODAY]) if (from < to) periods.push([from, to]);
  }
  periods.push(['2026-10-01', '2026-10-31']);
  const pens: [number[], number][] = [
    [PEN_A_EGGS, 200],
    [PEN_B_EGGS, 120],
  ];
  const out: string[] = [];
  const forms = (value: number) => [value.toFixed(0), value.toFixed(1), value.toFixed(2)];
  for (const [from, to] of periods) {
    const recorded = days(from, to).filter((day) => day <= EGGS_TO);
    if (!recorded.length) continue;
    const eggs = pens.map(([pen]) => recorded.reduce((total, day) => total + eggsOn(pen, day), 0));
    const all = eggs[0]! + eggs[1]!;
    // Hen-days: Pen A had 204 hens until 4 died on 6 October.
    const henDays = [
      recorded.reduce((total, day) => total + (day < '2026-10-06' ? 204 : 200), 0),
      120 * recorded.length,
    ];
    for (const [i, count] of [...eggs, all].entries()) {
      const birdDays = i < 2 ? henDays[i]! : henDays[0]! + henDays[1]!;
      out.push(String(count), ...forms(count / 30), String(Math.floor(count / 30)), String(count % 30));
      out.push(...forms((count / birdDays) * 100), ...forms(count / recorded.length));
    }
    const feedDays = recorded.filter((day) => day >= '2026-11-01').length;
    out.push(
      String(PEN_A_FEED * feedDays),
      String(PEN_B_FEED * feedDays),
      String((PEN_A_FEED + PEN_B_FEED) * feedDays),
    );
    const milk = recorded.filter((day) => day >= MILK_FROM).reduce((t, d) => t + MILK[dayNumber(d) % 7]!, 0);
    out.push(...forms(milk));
  }
  return out;
}

type Ids = Record<string, string>;

/**
 * Seeds the fixture farm (owner Adunni Bello, staff Musa and Ngozi) and returns the owner's
 * context on it. Must run with the clock at FIXTURE_NOW (the services date "today" by it).
 */
export async function seedFixtureFarm(db: Db, logger: Logger): Promise<FarmCtx> {
  const userId = newId();
  const farmId = newId();
  await db.insert(users).values({
    id: userId,
    name: 'Adunni Bello',
    email: 'adunni.fixture@example.com',
    email_verified: true,
    first_name: 'Adunni',
    last_name: 'Bello',
  });
  await db.insert(farms).values({
    id: farmId,
    name: 'Adunni Farms',
    location: 'Ogbomoso',
    farm_type: 'mixed',
    owner_id: userId,
    state: 'Oyo',
  });
  await db.insert(farm_memberships).values({ id: newId(), farm_id: farmId, user_id: userId, role: 'owner' });
  const ctx: FarmCtx = { db, userId, farmId, role: 'owner', logger };
  const ids: Ids = {};

  // People
  for (const [key, first, last, job] of [
    ['musa', 'Musa', 'Garba', 'poultry_attendant'],
    ['ngozi', 'Ngozi', 'Eze', 'supervisor'],
  ] as const) {
    const staff = await createStaff(
      ctx,
      CreateStaffInputSchema.parse({
        first_name: first,
        last_name: last,
        job,
        employment_type: 'permanent',
        start_date: '2025-01-06',
      }),
    );
    ids[key] = staff.id;
  }

  // Store
  const supply = async (key: string, input: Record<string, unknown>) => {
    const row = await createSupply(ctx, CreateSupplyInputSchema.parse(input));
    ids[key] = row.id;
  };
  await supply('layer_mash', {
    category: 'animal_feed',
    name: 'Layer mash',
    unit: 'kg',
    quantity: '1000',
    low_threshold: '400',
    unit_cost_kobo: 45_000,
  });
  await supply('urea', {
    category: 'fertilizer',
    name: 'Urea',
    unit: 'bag_50kg',
    quantity: '2',
    low_threshold: '5',
    unit_cost_kobo: 2_800_000,
  });
  await supply('npk', {
    category: 'fertilizer',
    name: 'NPK 15:15:15',
    unit: 'bag_50kg',
    quantity: '8',
    low_threshold: '3',
    unit_cost_kobo: 3_200_000,
  });
  await supply('broiler_finisher', {
    category: 'animal_feed',
    name: 'Broiler finisher',
    unit: 'bag_25kg',
    quantity: '12',
    low_threshold: '10',
  });
  await supply('fish_feed', {
    category: 'animal_feed',
    name: 'Fish feed 4 mm',
    unit: 'bag_25kg',
    quantity: '6',
    low_threshold: '8',
  });
  await supply('lasota', {
    category: 'veterinary',
    name: 'Lasota vaccine',
    unit: 'bottle',
    quantity: '4',
    low_threshold: '2',
  });

  // Animals
  const group = async (key: string, input: Record<string, unknown>) => {
    const row = await createLivestock(
      ctx,
      CreateLivestockInputSchema.parse({ kind: 'group', acquisition: 'bought', ...input }),
    );
    ids[key] = row.id;
  };
  await group('pen_a', {
    species: 'chicken_layer',
    name: 'Pen A layers',
    head_count: 204,
    date_of_birth: '2026-03-02',
    acquired_on: '2026-03-02',
    purpose: 'eggs',
  });
  await group('pen_b', {
    species: 'chicken_layer',
    name: 'Pen B layers',
    head_count: 120,
    date_of_birth: '2026-04-13',
    acquired_on: '2026-04-13',
    purpose: 'eggs',
  });
  await group('broilers', {
    species: 'chicken_broiler',
    name: 'Broiler batch 3',
    head_count: 500,
    date_of_birth: '2026-10-14',
    acquired_on: '2026-10-14',
    purpose: 'meat',
  });
  await group('goats', {
    species: 'goat',
    name: 'Goats',
    head_count: 14,
    acquired_on: '2026-02-10',
    purpose: 'meat',
  });
  await group('cows', {
    species: 'cattle',
    name: 'Dairy cows',
    head_count: 3,
    acquired_on: '2025-12-01',
    purpose: 'milk',
  });
  await group('catfish', {
    species: 'catfish',
    name: 'Pond 1 catfish',
    head_count: 1000,
    date_of_birth: '2026-07-25',
    acquired_on: '2026-08-01',
    purpose: 'meat',
  });

  const event = (key: string, date: string, kind: string, count: number) =>
    recordEvent(ctx, ids[key]!, RecordEventInputSchema.parse({ id: newId(), date, kind, count }));
  await event('pen_a', '2026-10-06', 'mortality', 4);
  await event('broilers', '2026-10-16', 'mortality', 6);
  await event('broilers', '2026-10-20', 'mortality', 4);
  await event('broilers', '2026-11-12', 'mortality', 2);
  await event('goats', '2026-11-02', 'birth', 2);
  await event('catfish', '2026-08-10', 'mortality', 35);

  const weigh = (key: string, date: string, weight: string, count: number) =>
    recordGrowth(
      ctx,
      ids[key]!,
      CreateGrowthLogInputSchema.parse({ id: newId(), date, weight_kg: weight, count_weighed: count }),
    );
  await weigh('broilers', '2026-11-11', '1.2', 20);
  await weigh('broilers', '2026-11-17', '1.65', 20);
  await weigh('catfish', '2026-11-10', '1.1', 30);

  // Eggs every day, layer mash given from 1 November, milk from 1 November
  for (const day of days(EGGS_FROM, EGGS_TO)) {
    const feed = day >= '2026-11-01';
    for (const [key, pen, kg] of [
      ['pen_a', PEN_A_EGGS, PEN_A_FEED],
      ['pen_b', PEN_B_EGGS, PEN_B_FEED],
    ] as const)
      await recordProduction(
        ctx,
        ids[key]!,
        RecordProductionInputSchema.parse({
          id: newId(),
          date: day,
          eggs_collected: eggsOn(pen, day),
          ...(feed ? { feed_supply_id: ids.layer_mash, feed_quantity: String(kg) } : {}),
        }),
      );
  }
  for (const day of days(MILK_FROM, EGGS_TO))
    await recordProduction(
      ctx,
      ids.cows!,
      RecordProductionInputSchema.parse({
        id: newId(),
        date: day,
        milk_litres: String(MILK[dayNumber(day) % 7]),
      }),
    );
  await recordProduction(
    ctx,
    ids.catfish!,
    RecordProductionInputSchema.parse({ id: newId(), date: '2026-11-14', fish_count: 300, fish_kg: '330' }),
  );
  // Store uses written by hand: 2 bags of urea and 1 vial of Lasota.
  await recordMovement(
    ctx,
    ids.npk!,
    RecordMovementInputSchema.parse({ id: newId(), kind: 'used', quantity: '2' }),
  );
  await recordMovement(
    ctx,
    ids.lasota!,
    RecordMovementInputSchema.parse({ id: newId(), kind: 'used', quantity: '1' }),
  );

  // Crops
  const crop = async (key: string, input: Record<string, unknown>) => {
    const row = await createCrop(ctx, CreateCropInputSchema.parse({ id: newId(), season: 'main', ...input }));
    ids[key] = row.id;
  };
  await crop('maize', {
    crop_key: 'maize',
    area_planted: '1.5',
    planting_date: '2026-09-20',
    status: 'growing',
  });
  await crop('cassava', {
    crop_key: 'cassava',
    area_planted: '2',
    planting_date: '2026-06-15',
    status: 'growing',
  });
  await crop('tomato', {
    crop_key: 'tomato',
    area_planted: '0.5',
    planting_date: '2026-11-25',
    status: 'planned',
  });

  // Money
  const expense = (input: Record<string, unknown>) =>
    createExpense(ctx, CreateExpenseInputSchema.parse(input));
  await expense({
    date: '2026-09-25',
    category: 'feed',
    amount_kobo: 9_000_000,
    description: 'Layer mash on credit',
    paid_to: 'Olu Feeds',
    paid_on: null,
    due_date: '2026-10-25',
  });
  await expense({ date: '2026-10-08', category: 'feed', amount_kobo: 15_000_000, description: 'Layer mash' });
  await expense({
    date: '2026-10-20',
    category: 'labour',
    amount_kobo: 6_000_000,
    description: 'October wages',
  });
  await expense({
    date: '2026-11-03',
    category: 'feed',
    amount_kobo: 18_000_000,
    description: 'Layer mash, 400 kg',
  });
  await expense({ date: '2026-11-05', category: 'labour', amount_kobo: 6_000_000, description: 'Wages' });
  await expense({
    date: '2026-11-10',
    category: 'veterinary',
    amount_kobo: 1_550_000,
    description: 'Vaccines and vitamins',
  });
  await expense({
    date: '2026-11-12',
    category: 'fertilizer',
    amount_kobo: 7_500_000,
    description: 'Urea for the maize',
    allocations: [{ crop_id: ids.maize, percent: 100 }],
  });
  await expense({
    date: '2026-11-16',
    category: 'transport',
    amount_kobo: 800_000,
    description: 'Eggs to market',
  });

  const sale = (input: Record<string, unknown>) => createSale(ctx, CreateSaleInputSchema.parse(input));
  await sale({
    date: '2026-10-18',
    product: 'Eggs',
    quantity: 50,
    unit: 'crate',
    amount_kobo: 26_000_000,
    paid_kobo: 20_000_000,
    buyer_name: 'Mama Tola',
    due_date: '2026-11-01',
  });
  await sale({
    date: '2026-11-04',
    product: 'Eggs',
    quantity: 40,
    unit: 'crate',
    amount_kobo: 22_000_000,
    buyer_name: 'Mama Tola',
  });
  await sale({
    date: '2026-11-11',
    product: 'Eggs',
    quantity: 30,
    unit: 'crate',
    amount_kobo: 16_500_000,
    buyer_name: 'Iya Bisi',
  });
  await sale({
    date: '2026-11-14',
    product: 'Catfish',
    quantity: 330,
    unit: 'kg',
    amount_kobo: 92_400_000,
    buyer_name: 'Alhaji Sule',
    animal_id: ids.catfish,
  });

  // Tasks: two today, two late, one to come, one done
  const task = async (key: string, input: Record<string, unknown>) => {
    const row = await createTask(ctx, CreateTaskInputSchema.parse(input));
    ids[key] = row.id;
  };
  await task('eggs_today', {
    title: 'Collect and record eggs',
    type: 'feeding',
    due_date: '2026-11-18',
    assignee_ids: [ids.musa],
  });
  await task('spray_today', {
    title: 'Scout the maize for armyworm',
    type: 'spraying',
    due_date: '2026-11-18',
    assignee_ids: [ids.ngozi],
    crop_id: ids.maize,
  });
  await task('weed_late', {
    title: 'Weed the cassava',
    type: 'weeding',
    due_date: '2026-11-14',
    assignee_ids: [ids.musa],
    crop_id: ids.cassava,
  });
  await task('vaccine_late', {
    title: 'Give the broilers their Lasota booster',
    type: 'vaccination',
    due_date: '2026-11-16',
    assignee_ids: [ids.ngozi],
    livestock_id: ids.broilers,
  });
  await task('pond_soon', {
    title: 'Clean the fish pond',
    type: 'cleaning',
    due_date: '2026-11-20',
    assignee_ids: [ids.musa],
  });
  await task('pen_done', {
    title: 'Mend the goat pen',
    type: 'maintenance',
    due_date: '2026-11-15',
    assignee_ids: [ids.musa],
  });
  await completeTask(ctx, ids.pen_done!, CompleteTaskInputSchema.parse({}));

  return ctx;
}

/**
 * Every number the fixture farm's records hold, as rows (dates, counts, amounts, names), for the
 * benchmark's check of numbers: an answer may write these and what follows from them.
 */
export async function farmRecordTexts(db: Db, farmId: string): Promise<string[]> {
  const tables = [
    crops,
    livestock,
    livestock_events,
    livestock_growth_logs,
    livestock_production,
    supplies,
    supply_movements,
    expenses,
    sales,
    tasks,
  ];
  const texts: string[] = [];
  for (const table of tables) {
    const rows = (await db.select().from(table).where(eq(table.farm_id, farmId))) as Record<
      string,
      unknown
    >[];
    for (const row of rows)
      texts.push(
        Object.entries(row)
          .filter(([key]) => !/(^|_)id$|created_at|updated_at|version/.test(key))
          .map(([key, value]) => {
            if (value instanceof Date) return value.toISOString().slice(0, 10);
            // Money is kept in kobo and written in naira.
            if (key.endsWith('_kobo') && typeof value === 'number') return `${value} ${value / 100}`;
            return value === null || value === undefined ? '' : JSON.stringify(value);
          })
          .join(' '),
      );
  }
  return texts;
}
