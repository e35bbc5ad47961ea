import { z } from 'zod';
import { PlanningScheduleSchema } from '../crops/schemas';
import { RISK_RULES, RISK_SEVERITIES } from './rules';

export const CLIMATE_STATUSES = [
  /** No weather service is set up on this server (WEATHER_URL). */
  'not_configured',
  /** The farm has neither a GPS point nor a state. */
  'no_location',
  /** The farm's cell has not been fetched yet: the refresh is on its way. */
  'waiting',
  'ready',
] as const;
export type ClimateStatus = (typeof CLIMATE_STATUSES)[number];

const n = z.number().nullable();

export const RiskFindingSchema = z.object({
  rule: z.enum(RISK_RULES),
  severity: z.enum(RISK_SEVERITIES),
  from: z.string(),
  to: z.string(),
  about: z.string().optional(),
  values: z.record(z.string(), z.number()),
});

/** The climate screen's answer: the farm's cell weather as last fetched, and what it warns of. */
export const ClimateSchema = z.object({
  status: z.enum(CLIMATE_STATUSES),
  /** Today on the farm's clock. */
  today: z.string(),
  fetched_at: z.string().nullable(),
  /** The last refresh failed: the forecast shown is the one before (fetched_at says how old). */
  last_error: z.string().nullable(),
  current: z
    .object({
      time: z.string(),
      temp_c: n,
      rh_percent: n,
      rain_mm: n,
      weather_code: n,
      wind_kmh: n,
    })
    .nullable(),
  /** Today and the days ahead. */
  days: z.array(
    z.object({
      date: z.string(),
      weather_code: n,
      tmax_c: n,
      tmin_c: n,
      rain_mm: n,
      rain_chance_percent: n,
    }),
  ),
  /** Where the weather is for: the farm's own point, or its state's capital until it has one. */
  place: z.object({ source: z.enum(['farm', 'state']), town: z.string().nullable() }).nullable(),
  /**
   * Rain observed on each of the past days (oldest first), for the season's chart, with the normal
   * for a day of that month (NASA POWER's climatology; null where unknown or not set up).
   */
  past_rain: z.array(z.object({ date: z.string(), rain_mm: n, normal_mm: n })),
  /** The farm's coming planting dates, moved by the observed onset of the rains where it came. */
  planting: z.array(
    PlanningScheduleSchema.pick({
      crop_name: true,
      season: true,
      recommended_planting_date: true,
      window_from: true,
      window_to: true,
      calendar_date: true,
      onset_date: true,
      onset_confirmed: true,
    }),
  ),
  alerts: z.array(RiskFindingSchema.extend({ about_name: z.string().nullable() })),
});
export type Climate = z.infer<typeof ClimateSchema>;
