import { z } from 'zod';
import { EXPENSE_CATEGORIES } from '../finance/constants';
import { calendarDateSchema } from '../fields/index';
import { pageSchema } from '../pagination/index';

const DaySchema = calendarDateSchema('Enter the date as a calendar date, like 2026-01-31');

/** The longest period one report covers (a lender asks for a year or a season; three is plenty). */
export const REPORT_MAX_YEARS = 3;

/**
 * A report's question: the days it covers (both included, in the farm's time zone) and what it is
 * about: the whole farm, or one enterprise (`crop:<id>` a planting, `animal:<id>` a flock, a pond
 * batch, a herd or one animal).
 */
const ReportQueryFields = {
  from: DaySchema,
  to: DaySchema,
  scope: z
    .string()
    .regex(
      /^(farm|crop:[0-9a-f-]{36}|animal:[0-9a-f-]{36})$/i,
      'Choose the whole farm, a planting or an animal',
    )
    .optional(),
};

const periodCheck = (q: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (q.to < q.from)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'The end of the period cannot be before its start',
    });
  else if (Number(q.to.slice(0, 4)) - Number(q.from.slice(0, 4)) > REPORT_MAX_YEARS)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `Choose a period of at most ${REPORT_MAX_YEARS} years`,
    });
};

export const ReportQuerySchema = z.object(ReportQueryFields).superRefine(periodCheck);
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

const Int = z.number().int();
const CategorySchema = z.enum(EXPENSE_CATEGORIES);
/** An exact decimal (kg, litres, a supply's quantity), as text. */
const Quantity = z.string();

export const ReportScopeSchema = z.object({
  kind: z.enum(['farm', 'crop', 'animal']),
  id: z.uuid().nullable(),
  /** The farm's, the planting's or the animal's name. */
  name: z.string(),
});

const MoneySectionSchema = z.object({
  income_kobo: Int,
  costs_kobo: Int,
  margin_kobo: Int,
  costs_by_category: z.array(z.object({ category: CategorySchema, total_kobo: Int })),
  enterprises: z.array(
    z.object({
      kind: z.enum(['crop', 'animal', 'farm']),
      id: z.uuid().nullable(),
      name: z.string().nullable(),
      income_kobo: Int,
      costs_kobo: Int,
      margin_kobo: Int,
    }),
  ),
  /** Money in (payments received) and out (expenses paid) by month; the whole farm's only. */
  cash: z.array(z.object({ month: z.string(), in_kobo: Int, out_kobo: Int })).nullable(),
  /** Owed to and by the farm as it stands now (not at the period's end); the whole farm's only. */
  owed: z.object({ to_farm_kobo: Int, by_farm_kobo: Int }).nullable(),
});

const ProductionSectionSchema = z.object({
  eggs: Int,
  eggs_cracked: Int,
  /**
   * Eggs collected ÷ the hens in the laying flocks on each day eggs were recorded, in % (one
   * decimal); null when no layer records exist in the period.
   */
  hen_day_percent: z.number().nullable(),
  milk_litres: Quantity,
  fish_kg: Quantity,
  fish_count: Int,
  harvest_kg: Quantity,
  by_month: z.array(
    z.object({
      month: z.string(),
      eggs: Int,
      milk_litres: Quantity,
      fish_kg: Quantity,
      harvest_kg: Quantity,
    }),
  ),
});

const LivestockRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  species: z.string(),
  heads_start: Int,
  heads_end: Int,
  births: Int,
  bought: Int,
  deaths: Int,
  sold: Int,
  /** Deaths ÷ (deaths + heads at the end), in % (one decimal), as the livestock screen counts it. */
  mortality_percent: z.number().nullable(),
  /** Feed given in the period, in kg, where its unit says its weight. */
  feed_kg: Quantity,
  /** kg of feed for each kg the group gained (weighings at both ends of the period); null without them. */
  feed_conversion: z.number().nullable(),
  /** What the animals sold in the period were sold for (their events' prices). */
  sold_kobo: Int.optional(),
});

const LivestockSectionSchema = z.object({
  heads_start: Int,
  heads_end: Int,
  births: Int,
  bought: Int,
  deaths: Int,
  sold: Int,
  mortality_percent: z.number().nullable(),
  feed_kg: Quantity,
  animals: z.array(LivestockRowSchema),
  /** Vaccination tasks due in the period: done by their day, done after it, and skipped or still open after it. */
  vaccinations: z.object({ done: Int, late: Int, missed: Int, upcoming: Int }),
});

const CropRowSchema = z.object({
  crop_key: z.string(),
  name: z.string(),
  plantings: Int,
  /** Hectares planted in the period. */
  area_ha: Quantity,
  harvest_kg: Quantity,
  /** The hectares of the plantings harvested in the period. */
  harvested_area_ha: Quantity,
  /** kg harvested per hectare of the plantings harvested; null when none were. */
  yield_kg_per_ha: z.number().nullable(),
  /** The latest prediction for those plantings, in kg; null without one. */
  predicted_kg: z.number().nullable(),
});

const CropsSectionSchema = z.object({
  crops: z.array(CropRowSchema),
  /** Growth stages expected in the period: seen on time (or early), late, and not recorded. */
  stages: z.object({ on_time: Int, late: Int, not_recorded: Int }),
});

const InventoryRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  unit: z.string(),
  start: Quantity,
  end: Quantity,
  received: Quantity,
  used: Quantity,
  ran_low: z.boolean(),
  value_start_kobo: Int.optional(),
  value_end_kobo: Int.optional(),
  value_used_kobo: Int.optional(),
});

const InventorySectionSchema = z.object({
  supplies: z.array(InventoryRowSchema),
  ran_low: Int,
  /** Stock valued at each supply's unit cost; for those who read money. */
  value: z.object({ start_kobo: Int, end_kobo: Int, used_kobo: Int }).optional(),
});

const WorkSectionSchema = z.object({
  tasks: z.object({ due: Int, done: Int, done_late: Int, skipped: Int, open_late: Int, open: Int }),
  by_type: z.array(z.object({ type: z.string(), due: Int, done: Int, done_late: Int, skipped: Int })),
  /** Attendance and pay are money records: for those who read money, and for the whole farm only. */
  attendance: z
    .object({
      present: Int,
      half: Int,
      absent: Int,
      staff: z.array(z.object({ name: z.string(), present: Int, half: Int, absent: Int })),
    })
    .optional(),
  pay: z.object({ runs_paid: Int, paid_kobo: Int, casual_kobo: Int }).optional(),
});

const MarketplaceSectionSchema = z.object({
  orders: Int,
  by_status: z.array(z.object({ status: z.string(), orders: Int })),
  completed: Int,
  sales_kobo: Int,
  commission_kobo: Int,
  payouts_kobo: Int,
});

/**
 * A farm's period in one answer: every section the reports screen, its CSV and its PDF show. A
 * section is null when the scope does not reach it (a planting has no stock room); the money
 * sections and fields are absent for those who do not read money (decision 053).
 */
export const ReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  scope: ReportScopeSchema,
  farm: z.object({
    name: z.string(),
    location: z.string(),
    state: z.string().nullable(),
    size: z.number().nullable(),
    size_unit: z.enum(['hectare', 'acre', 'plot']).nullable(),
  }),
  money: MoneySectionSchema.nullable().optional(),
  production: ProductionSectionSchema,
  livestock: LivestockSectionSchema.nullable(),
  crops: CropsSectionSchema.nullable(),
  inventory: InventorySectionSchema.nullable(),
  work: WorkSectionSchema,
  marketplace: MarketplaceSectionSchema.nullable().optional(),
});
export type Report = z.infer<typeof ReportSchema>;
export type ReportMoney = z.infer<typeof MoneySectionSchema>;
export type ReportProduction = z.infer<typeof ProductionSectionSchema>;
export type ReportLivestock = z.infer<typeof LivestockSectionSchema>;
export type ReportCrops = z.infer<typeof CropsSectionSchema>;
export type ReportInventory = z.infer<typeof InventorySectionSchema>;
export type ReportWork = z.infer<typeof WorkSectionSchema>;
export type ReportMarketplace = z.infer<typeof MarketplaceSectionSchema>;

/** Where a PDF report is: waiting for the job, being made, ready to download, or failed. */
export const REPORT_PDF_STATUSES = ['queued', 'building', 'ready', 'failed'] as const;
export type ReportPdfStatus = (typeof REPORT_PDF_STATUSES)[number];

/** Ask for the report of a period as a PDF (Gona Pro); `id` is made by the app, so a retry asks once. */
export const RequestReportPdfInputSchema = z
  .object({ id: z.uuid('A report needs an id made by the app').optional(), ...ReportQueryFields })
  .superRefine(periodCheck);
export type RequestReportPdfInput = z.infer<typeof RequestReportPdfInputSchema>;

export const ReportPdfSchema = z.object({
  id: z.uuid(),
  from: z.string(),
  to: z.string(),
  scope: z.string(),
  scope_name: z.string(),
  status: z.enum(REPORT_PDF_STATUSES),
  /** Where to download it once ready (Gona's own address, behind the farm's access check). */
  url: z.string().nullable(),
  bytes: z.number().int().nullable(),
  created_at: z.string(),
});
export type ReportPdf = z.infer<typeof ReportPdfSchema>;

/** The farm's PDF reports, and whether its plan makes PDFs (Gona Pro): a Free farm sees the offer, not a button. */
export const ReportPdfPageSchema = pageSchema(ReportPdfSchema).extend({ pdf_allowed: z.boolean() });
export type ReportPdfPage = z.infer<typeof ReportPdfPageSchema>;

/** How long a link shared with a lender opens the report: a week to three months. */
export const REPORT_LINK_DAYS = { min: 7, max: 90, default: 30 } as const;

export const CreateReportLinkInputSchema = z.object({
  days: z
    .number({
      error: `Choose how many days the link works, ${REPORT_LINK_DAYS.min} to ${REPORT_LINK_DAYS.max}`,
    })
    .int(`Choose a whole number of days, ${REPORT_LINK_DAYS.min} to ${REPORT_LINK_DAYS.max}`)
    .min(REPORT_LINK_DAYS.min, `A link works for at least ${REPORT_LINK_DAYS.min} days`)
    .max(REPORT_LINK_DAYS.max, `A link works for at most ${REPORT_LINK_DAYS.max} days`),
});
export type CreateReportLinkInput = z.infer<typeof CreateReportLinkInputSchema>;

/** The secret part of a shared link, as Gona makes it (32 random bytes, base64url). */
export const ReportLinkTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not complete. Ask the farm for it again.');

/**
 * A read-only link to one PDF report that the farm gave someone (a loan officer): when it stops
 * working, whether it was taken back, and each time it was opened. `url` (with its secret) is
 * answered once, when it is made.
 */
export const ReportLinkSchema = z.object({
  id: z.uuid(),
  pdf_id: z.uuid(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  openings: z.number().int(),
  last_opened_at: z.string().nullable(),
  created_at: z.string(),
  url: z.string().optional(),
  version: z.number().int(),
});
export type ReportLink = z.infer<typeof ReportLinkSchema>;
export const ReportLinkListSchema = z.object({ items: z.array(ReportLinkSchema) });
export type ReportLinkList = z.infer<typeof ReportLinkListSchema>;
