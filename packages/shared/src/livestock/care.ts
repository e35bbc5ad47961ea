import { z } from 'zod';
import { optionalTextSchema, textSchema, VersionSchema } from '../fields/index';
import { repeatProblem } from '../tasks/repeat';
import { LIVESTOCK_SPECIES } from './constants';

/**
 * Care programmes: the vaccinations, dewormings and checks an animal or group needs by its age,
 * from the knowledge base (each with its source). A farm may keep its own copy of a programme;
 * accepting one for an animal writes its steps into the farm's tasks.
 */
export const CARE_STEP_KINDS = ['vaccination', 'deworming', 'care'] as const;
export type CareStepKind = (typeof CARE_STEP_KINDS)[number];

/** What a programme's days count from: birth or hatching, or arrival on the farm (quarantine). */
export const CARE_ANCHORS = ['birth', 'arrival'] as const;
export type CareAnchor = (typeof CARE_ANCHORS)[number];

export const CARE_STEPS_MAX = 30;
export const CARE_STEP_TITLE_MAX = 120;
export const CARE_STEP_NOTES_MAX = 500;
/** A step falls at most this many days after the animal's birth or hatching (about 5 years). */
export const CARE_OFFSET_MAX = 1825;

const StepKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9_]{1,40}$/, 'Step keys are lower-case letters, digits and _');

export const CareStepSchema = z.object({
  key: StepKeySchema,
  /** Days after the animal's birth or hatching (or arrival, for a programme counted from it). */
  offset_days: z
    .number({ error: 'Enter the day of age, e.g. 7' })
    .int('Enter a whole number of days')
    .min(0, 'Enter a day of age from 0')
    .max(CARE_OFFSET_MAX, `Enter a day of age up to ${CARE_OFFSET_MAX}`),
  kind: z.enum(CARE_STEP_KINDS, { error: 'Choose vaccination, deworming or care' }),
  title: textSchema(CARE_STEP_TITLE_MAX).min(1, 'Say what is given or done, e.g. Gumboro vaccine'),
  notes: optionalTextSchema(CARE_STEP_NOTES_MAX),
  /** Repeats (RRULE text in the tasks' subset) from its first day; null: once. */
  rrule: z
    .string()
    .nullish()
    .transform((text, ctx) => {
      if (!text) return null;
      const problem = repeatProblem(text);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return text;
    }),
});
export type CareStep = z.output<typeof CareStepSchema>;
export type CareStepInput = z.input<typeof CareStepSchema>;

export const KnowledgeSourceSchema = z.object({
  title: z.string(),
  organisation: z.string(),
  year: z.number().int().nullable(),
  url: z.string().nullable(),
});
export type KnowledgeSource = z.infer<typeof KnowledgeSourceSchema>;

export const CareProgrammeSchema = z.object({
  key: z.string(),
  name: z.string(),
  species: z.array(z.enum(LIVESTOCK_SPECIES)),
  counts_from: z.enum(CARE_ANCHORS),
  note: z.string(),
  source: KnowledgeSourceSchema,
  steps: z.array(CareStepSchema),
  /** The farm keeps its own copy (its steps are the farm's, not the built-in ones). */
  customised: z.boolean(),
  /** The farm copy's version for a stale-edit check; 0 while the farm uses the built-in steps. */
  version: z.number().int(),
});
export type CareProgramme = z.infer<typeof CareProgrammeSchema>;

export const CareProgrammesSchema = z.object({ items: z.array(CareProgrammeSchema) });

/** The farm's own steps for a programme (replacing the built-in ones on this farm). */
export const SaveCareProgrammeInputSchema = z.object({
  steps: z
    .array(CareStepSchema)
    .min(1, 'Keep at least one step, or restore the built-in programme')
    .max(CARE_STEPS_MAX, `Use at most ${CARE_STEPS_MAX} steps`)
    .refine((steps) => new Set(steps.map((step) => step.key)).size === steps.length, 'Each step once'),
  version: VersionSchema.optional(),
});
export type SaveCareProgrammeInput = z.input<typeof SaveCareProgrammeInputSchema>;
export type SaveCareProgramme = z.output<typeof SaveCareProgrammeInputSchema>;

/** One step of a programme on an animal's calendar. */
export const CarePlanStepSchema = z.object({
  key: z.string(),
  kind: z.enum(CARE_STEP_KINDS),
  title: z.string(),
  notes: z.string().nullable(),
  rrule: z.string().nullable(),
  /** The day it falls (birth + offset); for a repeating step already begun, its next day from today. */
  due_date: z.string(),
  /** Before today: not planned (ask the seller or hatchery whether it was given). */
  past: z.boolean(),
  /** Already among the farm's tasks for this animal. */
  planned: z.boolean(),
});
export type CarePlanStep = z.infer<typeof CarePlanStepSchema>;

/** The programme that fits an animal or group, laid on its age; `programme` null when none fits. */
export const CarePlanSchema = z.object({
  programme: CareProgrammeSchema.omit({ steps: true }).nullable(),
  /** The day the steps count from (birth or hatching, or arrival), or null when the record does not say. */
  anchor_date: z.string().nullable(),
  steps: z.array(CarePlanStepSchema),
});
export type CarePlan = z.infer<typeof CarePlanSchema>;

export const AcceptCarePlanInputSchema = z.object({
  programme_key: z.string().trim().min(1, 'Choose a programme').max(60, 'Choose a programme'),
});
export type AcceptCarePlanInput = z.input<typeof AcceptCarePlanInputSchema>;

export const CarePlanResultSchema = z.object({
  created: z.number().int(),
  existing: z.number().int(),
  past: z.number().int(),
});
export type CarePlanResult = z.infer<typeof CarePlanResultSchema>;

/** The next vaccinations on the farm, for the livestock summary. */
export const UpcomingCareSchema = z.object({
  task_id: z.string(),
  title: z.string(),
  due_date: z.string(),
  animal_id: z.string(),
  animal_name: z.string(),
});
export type UpcomingCare = z.infer<typeof UpcomingCareSchema>;
