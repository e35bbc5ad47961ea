import { createRoute, z } from '@hono/zod-openapi';
import {
  CalendarQuerySchema,
  CalendarSchema,
  CompleteTaskInputSchema,
  CreateTaskInputSchema,
  DayQuerySchema,
  DayTasksSchema,
  ScheduleResultSchema,
  ScheduleTemplateInputSchema,
  SkipTaskInputSchema,
  TaskSchema,
  TaskSettingsSchema,
  UpdateTaskSettingsInputSchema,
  TaskTemplateSchema,
  TaskWithPhotosSchema,
  TodayQuerySchema,
  TodayTasksSchema,
  type Calendar,
  type TodayTasks,
  UpdateSeriesInputSchema,
  UpdateTaskInputSchema,
} from '@gona/shared/tasks';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import {
  ErrorResponses,
  createRouter,
  farmParams,
  farmParamsWith,
  jsonBody,
  jsonContent,
  jsonText,
} from '../../lib/openapi';
import { deleteSeries, updateSeries } from './series.service';
import { getTaskSettings, setTaskSettings } from './settings.service';
import {
  calendarDaysJson,
  dayTasks,
  completeTask,
  createTask,
  deleteTask,
  getTask,
  reopenTask,
  skipTask,
  tasksAbout,
  todayTasksJson,
  updateTask,
} from './tasks.service';
import { FARM_TEMPLATES, farmTemplate, scheduleFromTemplateIn } from './schedule.service';

const TaskParams = farmParamsWith('taskId');
const SeriesParams = farmParamsWith('seriesId');
const AboutQuerySchema = z
  .object({
    supply_id: z.uuid('Choose a supply').optional(),
    livestock_id: z.uuid('Choose an animal or group').optional(),
    crop_id: z.uuid('Choose a crop').optional(),
    staff_id: z.uuid('Choose a person').optional(),
  })
  .refine(
    (query) =>
      [query.supply_id, query.livestock_id, query.crop_id, query.staff_id].filter(Boolean).length === 1,
    'Ask about one supply, one animal or group, or one person',
  );
const TasksAboutSchema = z.object({ open: z.array(TaskSchema), closed: z.array(TaskSchema) });
const SeriesAnswerSchema = z.object({ id: z.string(), rewritten: z.number() });

/**
 * The farm's tasks under /api/farms/{farmId}/tasks. Everyone reads; the owner and managers plan
 * (`records.write`); workers complete, skip and reopen their own and unassigned tasks
 * (`records.recordEvent`, then the service's check).
 */
export const tasksRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/tasks/today',
      tags: ['Tasks'],
      summary: 'Overdue, due today and the next 7 days (farm time); ?mine=true for my own and unassigned',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: TodayQuerySchema },
      responses: { 200: jsonContent(TodayTasksSchema, 'The Today view'), ...ErrorResponses },
    }),
    async (c) =>
      jsonText<TodayTasks>(
        await todayTasksJson(farmCtxOf(c), { mine: c.req.valid('query').mine === 'true' }),
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/tasks/calendar',
      tags: ['Tasks'],
      summary: 'How many tasks each day from ?from= to ?to= (at most 42 days) has open, done and skipped',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: CalendarQuerySchema },
      responses: { 200: jsonContent(CalendarSchema, 'The days with tasks'), ...ErrorResponses },
    }),
    async (c) => jsonText<Calendar>(await calendarDaysJson(farmCtxOf(c), c.req.valid('query'))),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/tasks/day',
      tags: ['Tasks'],
      summary: 'Every task of one day (?date=), most pressing first; ?mine=true for my own and unassigned',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: DayQuerySchema },
      responses: { 200: jsonContent(DayTasksSchema, 'The day’s tasks'), ...ErrorResponses },
    }),
    async (c) => c.json(await dayTasks(farmCtxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/tasks/about',
      tags: ['Tasks'],
      summary:
        'The tasks about one supply (?supply_id=), animal or group (?livestock_id=), crop (?crop_id=) or person (?staff_id=): open, and the last done',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: AboutQuerySchema },
      responses: { 200: jsonContent(TasksAboutSchema, 'Open and recently closed tasks'), ...ErrorResponses },
    }),
    async (c) => c.json(await tasksAbout(farmCtxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/tasks/templates',
      tags: ['Tasks'],
      summary: 'The plans a farm can put into its tasks',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(z.array(TaskTemplateSchema), 'The plans'), ...ErrorResponses },
    }),
    (c) =>
      c.json(
        FARM_TEMPLATES.map((template) => ({
          key: template.key,
          steps: template.steps.map((step) => ({
            key: step.key,
            offset_days: step.offset_days,
            type: step.type,
            rrule: step.rrule ?? null,
          })),
        })),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/tasks/settings',
      tags: ['Tasks'],
      summary: 'Whether staff without an account get their morning tasks by SMS, and whether SMS is set up',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(TaskSettingsSchema, 'The task settings'), ...ErrorResponses },
    }),
    async (c) => c.json(await getTaskSettings(farmCtxOf(c), c.var.deps.sms !== null), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/farms/{farmId}/tasks/settings',
      tags: ['Tasks'],
      summary: 'Turn the morning SMS to staff without an account on or off (the owner: SMS costs money)',
      middleware: [requireFarm('farm.billing')] as const,
      request: { params: farmParams, ...jsonBody(UpdateTaskSettingsInputSchema) },
      responses: { 200: jsonContent(TaskSettingsSchema, 'The task settings'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await setTaskSettings(farmCtxOf(c), c.req.valid('json'), c.var.deps.sms !== null), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/tasks/schedule',
      tags: ['Tasks'],
      summary: 'Put a plan into the tasks from a start day (planning the same again adds nothing)',
      middleware: [requireFarm('records.write')] as const,
      request: { params: farmParams, ...jsonBody(ScheduleTemplateInputSchema) },
      responses: { 200: jsonContent(ScheduleResultSchema, 'How many tasks were made'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      const input = c.req.valid('json');
      const template = farmTemplate(input.template);
      const result = await ctx.db.transaction((tx) =>
        scheduleFromTemplateIn(tx, ctx, { template, anchor: input.anchor, assigneeIds: input.assignee_ids }),
      );
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/tasks',
      tags: ['Tasks'],
      summary: 'Add a task; with rrule, a repeating task whose days the server writes out',
      middleware: [requireFarm('records.write')] as const,
      request: { params: farmParams, ...jsonBody(CreateTaskInputSchema) },
      responses: {
        201: jsonContent(TaskWithPhotosSchema, 'The task (the first, when it repeats)'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await createTask(farmCtxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/tasks/{taskId}',
      tags: ['Tasks'],
      summary: 'Get a task with its photos',
      middleware: [requireFarm('records.read')] as const,
      request: { params: TaskParams },
      responses: { 200: jsonContent(TaskWithPhotosSchema, 'The task'), ...ErrorResponses },
    }),
    async (c) => c.json(await getTask(farmCtxOf(c), c.req.valid('param').taskId), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}/tasks/{taskId}',
      tags: ['Tasks'],
      summary: 'Change one task (send the version you edited; a stale one gets 409)',
      middleware: [requireFarm('records.write')] as const,
      request: { params: TaskParams, ...jsonBody(UpdateTaskInputSchema) },
      responses: { 200: jsonContent(TaskWithPhotosSchema, 'The changed task'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await updateTask(farmCtxOf(c), c.req.valid('param').taskId, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}/tasks/{taskId}',
      tags: ['Tasks'],
      summary: 'Delete one task (a repeating task’s other days stay)',
      middleware: [requireFarm('records.write')] as const,
      request: { params: TaskParams },
      responses: { 204: { description: 'Deleted' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteTask(farmCtxOf(c), c.req.valid('param').taskId);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/tasks/{taskId}/complete',
      tags: ['Tasks'],
      summary: 'Mark done, with what it used (recorded once; doing it again answers the task as it is)',
      middleware: [requireFarm('records.recordEvent')] as const,
      request: { params: TaskParams, ...jsonBody(CompleteTaskInputSchema) },
      responses: { 200: jsonContent(TaskWithPhotosSchema, 'The task, done'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await completeTask(farmCtxOf(c), c.req.valid('param').taskId, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/tasks/{taskId}/skip',
      tags: ['Tasks'],
      summary: 'Mark as not done on purpose, with the reason',
      middleware: [requireFarm('records.recordEvent')] as const,
      request: { params: TaskParams, ...jsonBody(SkipTaskInputSchema) },
      responses: { 200: jsonContent(TaskWithPhotosSchema, 'The task, skipped'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await skipTask(farmCtxOf(c), c.req.valid('param').taskId, c.req.valid('json').note ?? null),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/tasks/{taskId}/reopen',
      tags: ['Tasks'],
      summary: 'Open a done or skipped task again',
      middleware: [requireFarm('records.recordEvent')] as const,
      request: { params: TaskParams },
      responses: { 200: jsonContent(TaskWithPhotosSchema, 'The task, open'), ...ErrorResponses },
    }),
    async (c) => c.json(await reopenTask(farmCtxOf(c), c.req.valid('param').taskId), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}/task-series/{seriesId}',
      tags: ['Tasks'],
      summary: 'Change a repeating task from today on; its untouched open days are written again',
      middleware: [requireFarm('records.write')] as const,
      request: { params: SeriesParams, ...jsonBody(UpdateSeriesInputSchema) },
      responses: {
        200: jsonContent(SeriesAnswerSchema, 'The series and how many days were written'),
        ...ErrorResponses,
      },
    }),
    async (c) =>
      c.json(await updateSeries(farmCtxOf(c), c.req.valid('param').seriesId, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}/task-series/{seriesId}',
      tags: ['Tasks'],
      summary: 'Stop a repeating task: its open days from today go, the past stays',
      middleware: [requireFarm('records.write')] as const,
      request: { params: SeriesParams },
      responses: { 204: { description: 'Stopped' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteSeries(farmCtxOf(c), c.req.valid('param').seriesId);
      return c.body(null, 204);
    },
  );
