import { createRoute } from '@hono/zod-openapi';
import {
  CreateRecurringExpenseInputSchema,
  RecurringExpensePageSchema,
  RecurringExpenseSchema,
  RecurringExpenseWrittenSchema,
  UpdateRecurringExpenseInputSchema,
} from '@gona/shared/finance';
import { PageQuerySchema } from '@gona/shared/pagination';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import {
  ErrorResponses,
  createRouter,
  farmParams,
  farmParamsWith,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import {
  createRecurringExpense,
  listRecurringExpenses,
  stopRecurringExpense,
  updateRecurringExpense,
} from './recurring.service';

const RecurringParams = farmParamsWith('recurringId');

/** Repeating expenses (rent, salaries, loan repayments) under /api/farms/{farmId}/recurring-expenses. */
export const recurringRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/recurring-expenses',
      tags: ['Money'],
      summary: 'List repeating expenses, newest first, with the next day each will write',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams, query: PageQuerySchema },
      responses: {
        200: jsonContent(RecurringExpensePageSchema, 'A page of repeating expenses'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await listRecurringExpenses(farmCtxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/recurring-expenses',
      tags: ['Money'],
      summary:
        'Start a repeating expense (RRULE as repeating tasks use); its days up to today are written at once, at most the last 12',
      middleware: [requireFarm('money.write')] as const,
      request: { params: farmParams, ...jsonBody(CreateRecurringExpenseInputSchema) },
      responses: {
        201: jsonContent(
          RecurringExpenseWrittenSchema,
          'The repeating expense and how many expenses it wrote',
        ),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await createRecurringExpense(farmCtxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}/recurring-expenses/{recurringId}',
      tags: ['Money'],
      summary:
        'Change what a repeating expense writes from now on (send the version you edited; stale gets 409)',
      middleware: [requireFarm('money.write')] as const,
      request: { params: RecurringParams, ...jsonBody(UpdateRecurringExpenseInputSchema) },
      responses: {
        200: jsonContent(RecurringExpenseWrittenSchema, 'The changed repeating expense'),
        ...ErrorResponses,
      },
    }),
    async (c) =>
      c.json(
        await updateRecurringExpense(farmCtxOf(c), c.req.valid('param').recurringId, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/recurring-expenses/{recurringId}/stop',
      tags: ['Money'],
      summary: 'Stop a repeating expense; the expenses it wrote stay',
      middleware: [requireFarm('money.write')] as const,
      request: { params: RecurringParams },
      responses: {
        200: jsonContent(RecurringExpenseSchema, 'The stopped repeating expense'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await stopRecurringExpense(farmCtxOf(c), c.req.valid('param').recurringId), 200),
  );
