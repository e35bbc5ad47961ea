import { createRoute } from '@hono/zod-openapi';
import {
  CashSchema,
  CreateExpenseInputSchema,
  CreatePaymentInputSchema,
  CreateSaleInputSchema,
  ExpenseFiltersSchema,
  ExpenseListQuerySchema,
  ExpensePageSchema,
  ExpenseTotalsSchema,
  ExpenseWithReceiptsSchema,
  MarkExpensePaidInputSchema,
  OwedSchema,
  PeriodQuerySchema,
  ProfitSchema,
  SaleListQuerySchema,
  SalePageSchema,
  SaleStockSchema,
  SaleWithPaymentsSchema,
  UpdateExpenseInputSchema,
  UpdateSaleInputSchema,
  type Cash,
  type Expense,
  type ExpenseTotals,
  type Owed,
  type Profit,
} from '@gona/shared/finance';
import type { Page } from '@gona/shared/pagination';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import {
  ErrorResponses,
  createRouter,
  csvResponse,
  farmParams,
  farmParamsWith,
  jsonBody,
  jsonContent,
  jsonText,
} from '../../lib/openapi';
import {
  createExpense,
  deleteExpense,
  expenseTotals,
  getExpense,
  listExpensesJson,
  markExpensePaid,
  updateExpense,
} from './expenses.service';
import { exportExpensesCsv, exportSalesCsv } from './export.service';
import { recurringRoutes } from './recurring.routes';
import { wagesRoutes } from './wages.routes';
import { moneyReportJson } from './report-cache';
import { cashJson, owedJson, profitJson } from './kept-reports.service';
import { createSale, deleteSale, getSale, listSales, recordPayment, updateSale } from './sales.service';
import { saleStock } from './stock.service';

const ExpenseParams = farmParamsWith('expenseId');
const SaleParams = farmParamsWith('saleId');

const expenseRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/expenses/totals',
      tags: ['Money'],
      summary: 'How many expenses the filters find, their total and each category’s',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams, query: ExpenseFiltersSchema },
      responses: { 200: jsonContent(ExpenseTotalsSchema, 'The totals'), ...ErrorResponses },
    }),
    async (c) => {
      const query = c.req.valid('query');
      return jsonText<ExpenseTotals>(
        await moneyReportJson(farmCtxOf(c), `totals ${JSON.stringify(query)}`, () =>
          expenseTotals(farmCtxOf(c), query),
        ),
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/expenses/export.csv',
      tags: ['Money'],
      summary: 'The expenses the filters find, as CSV',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams, query: ExpenseFiltersSchema },
      responses: { 200: { description: 'text/csv attachment' }, ...ErrorResponses },
    }),
    async (c) => csvResponse(await exportExpensesCsv(farmCtxOf(c), c.req.valid('query'))),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/expenses',
      tags: ['Money'],
      summary:
        'List expenses, latest day first: ?from=&to= (yyyy-mm-dd), ?category=, ?enterprise= (farm, crop:{id}, animal:{id})',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams, query: ExpenseListQuerySchema },
      responses: { 200: jsonContent(ExpensePageSchema, 'A page of expenses'), ...ErrorResponses },
    }),
    async (c) => jsonText<Page<Expense>>(await listExpensesJson(farmCtxOf(c), c.req.valid('query'))),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/expenses',
      tags: ['Money'],
      summary: 'Record an expense, for the whole farm, one enterprise, or split by amounts or percentages',
      middleware: [requireFarm('money.write')] as const,
      request: { params: farmParams, ...jsonBody(CreateExpenseInputSchema) },
      responses: {
        201: jsonContent(ExpenseWithReceiptsSchema, 'The expense, with its receipts'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await createExpense(farmCtxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/expenses/{expenseId}',
      tags: ['Money'],
      summary: 'Get an expense with its receipts',
      middleware: [requireFarm('money.read')] as const,
      request: { params: ExpenseParams },
      responses: { 200: jsonContent(ExpenseWithReceiptsSchema, 'The expense'), ...ErrorResponses },
    }),
    async (c) => c.json(await getExpense(farmCtxOf(c), c.req.valid('param').expenseId), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}/expenses/{expenseId}',
      tags: ['Money'],
      summary: 'Change an expense (send the version you edited; a stale one gets 409)',
      middleware: [requireFarm('money.write')] as const,
      request: { params: ExpenseParams, ...jsonBody(UpdateExpenseInputSchema) },
      responses: { 200: jsonContent(ExpenseWithReceiptsSchema, 'The changed expense'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await updateExpense(farmCtxOf(c), c.req.valid('param').expenseId, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}/expenses/{expenseId}',
      tags: ['Money'],
      summary: 'Delete an expense recorded by mistake',
      middleware: [requireFarm('money.write')] as const,
      request: { params: ExpenseParams },
      responses: { 204: { description: 'Deleted' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteExpense(farmCtxOf(c), c.req.valid('param').expenseId);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/expenses/{expenseId}/paid',
      tags: ['Money'],
      summary: 'Mark an expense bought on credit paid on a day (send the version you saw; stale gets 409)',
      middleware: [requireFarm('money.write')] as const,
      request: { params: ExpenseParams, ...jsonBody(MarkExpensePaidInputSchema) },
      responses: { 200: jsonContent(ExpenseWithReceiptsSchema, 'The paid expense'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await markExpensePaid(farmCtxOf(c), c.req.valid('param').expenseId, c.req.valid('json')), 200),
  );

const salesRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/sales/export.csv',
      tags: ['Money'],
      summary: 'The sales the filters find, as CSV',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams, query: SaleListQuerySchema },
      responses: { 200: { description: 'text/csv attachment' }, ...ErrorResponses },
    }),
    async (c) => csvResponse(await exportSalesCsv(farmCtxOf(c), c.req.valid('query'))),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/sales',
      tags: ['Money'],
      summary:
        'List sales, latest day first: ?from=&to=, ?enterprise=, ?payment_status= (paid, part_paid, unpaid)',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams, query: SaleListQuerySchema },
      responses: { 200: jsonContent(SalePageSchema, 'A page of sales'), ...ErrorResponses },
    }),
    async (c) => c.json(await listSales(farmCtxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/sales',
      tags: ['Money'],
      summary: 'Record a sale; paid_kobo is what the buyer paid on the day (all of it when absent)',
      middleware: [requireFarm('money.write')] as const,
      request: { params: farmParams, ...jsonBody(CreateSaleInputSchema) },
      responses: {
        201: jsonContent(SaleWithPaymentsSchema, 'The sale, with its payments'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await createSale(farmCtxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/sales/{saleId}',
      tags: ['Money'],
      summary: 'Get a sale with its payments',
      middleware: [requireFarm('money.read')] as const,
      request: { params: SaleParams },
      responses: { 200: jsonContent(SaleWithPaymentsSchema, 'The sale'), ...ErrorResponses },
    }),
    async (c) => c.json(await getSale(farmCtxOf(c), c.req.valid('param').saleId), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}/sales/{saleId}',
      tags: ['Money'],
      summary: 'Change a sale (send the version you edited; a stale one gets 409)',
      middleware: [requireFarm('money.write')] as const,
      request: { params: SaleParams, ...jsonBody(UpdateSaleInputSchema) },
      responses: { 200: jsonContent(SaleWithPaymentsSchema, 'The changed sale'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await updateSale(farmCtxOf(c), c.req.valid('param').saleId, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}/sales/{saleId}',
      tags: ['Money'],
      summary: 'Delete a sale recorded by mistake, with its payments',
      middleware: [requireFarm('money.write')] as const,
      request: { params: SaleParams },
      responses: { 204: { description: 'Deleted' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteSale(farmCtxOf(c), c.req.valid('param').saleId);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/sales/{saleId}/payments',
      tags: ['Money'],
      summary: 'Record money received for a sale on credit (at most what the buyer still owes)',
      middleware: [requireFarm('money.write')] as const,
      request: { params: SaleParams, ...jsonBody(CreatePaymentInputSchema) },
      responses: {
        201: jsonContent(SaleWithPaymentsSchema, 'The sale, with its payments'),
        ...ErrorResponses,
      },
    }),
    async (c) =>
      c.json(await recordPayment(farmCtxOf(c), c.req.valid('param').saleId, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/money/stock',
      tags: ['Money'],
      summary:
        'What a sale can take from: stored harvest by crop (kg) and eggs in hand, less what sales took',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(SaleStockSchema, 'Stored harvest and eggs'), ...ErrorResponses },
    }),
    async (c) => c.json(await saleStock(farmCtxOf(c)), 200),
  );

const reportRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/money/profit',
      tags: ['Money'],
      summary: 'Profit and loss of each enterprise over ?from=&to= (yyyy-mm-dd)',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams, query: PeriodQuerySchema },
      responses: {
        200: jsonContent(ProfitSchema, 'Income, costs and margin by enterprise'),
        ...ErrorResponses,
      },
    }),
    async (c) => {
      const period = c.req.valid('query');
      return jsonText<Profit>(await profitJson(farmCtxOf(c), period));
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/money/cash',
      tags: ['Money'],
      summary: 'Money in and out by month over ?from=&to=, and what buyers owe now',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams, query: PeriodQuerySchema },
      responses: { 200: jsonContent(CashSchema, 'Cash by month'), ...ErrorResponses },
    }),
    async (c) => {
      const period = c.req.valid('query');
      return jsonText<Cash>(await cashJson(farmCtxOf(c), period));
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/money/owed',
      tags: ['Money'],
      summary:
        'Who owes the farm (unpaid balances by buyer) and what the farm owes (unpaid expenses by creditor, wages of draft pay runs)',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(OwedSchema, 'Balances by buyer and by creditor'), ...ErrorResponses },
    }),
    async (c) => jsonText<Owed>(await owedJson(farmCtxOf(c))),
  );

/**
 * The farm's money under /api/farms/{farmId}: expenses, sales and their payments, recurring
 * expenses, profit and loss, cash by month, money owed, and wages (attendance and pay runs, with
 * their own rules in wages.routes.ts). Owners and managers keep it; viewers read it; workers never
 * see it.
 */
export const moneyRoutes = createRouter()
  .route('/', expenseRoutes)
  .route('/', salesRoutes)
  .route('/', recurringRoutes)
  .route('/', reportRoutes)
  .route('/', wagesRoutes);
