import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FARM_ACTIONS, FARM_ROLES, type FarmAction, type FarmRole } from '@gona/shared';
import {
  assistant_conversations,
  assistant_messages,
  inventory_alerts,
  report_links,
  report_pdfs,
} from './db/schema/index';
import { newId } from './lib/ids';
import { createTestContext, type TestContext } from './test/context';
import { seedFarmTeam, seedUser, type FarmTeam } from './test/farm-team';
import { uploadPhoto } from './test/photos';
import { seedListing, seedPlacedOrder } from './features/marketplace/orders.test-setup';
import { seedSubscriptionPayment } from './features/billing/billing.test-setup';

/**
 * Every route under /farms/{farmId} in /api/openapi.json against every kind of caller: no session
 * (401), a signed-in stranger (404, the farm does not exist for them), each role FARM_ACTIONS does
 * not allow (403) and each role it allows (let through). A farm route without a row here fails.
 */

type Row = {
  action: FarmAction;
  /** A valid body, so an allowed role's call does what it says. */
  body?: () => unknown;
  /** The call ends the farm: each allowed role gets a farm of its own. */
  endsFarm?: true;
};

const ACCESS: Record<string, Row> = {
  'GET /farms/{farmId}': { action: 'records.read' },
  'PATCH /farms/{farmId}': { action: 'farm.update', body: () => ({ lga: 'Ikwerre', version: 1 }) },
  'DELETE /farms/{farmId}': { action: 'farm.delete', endsFarm: true },
  'GET /farms/{farmId}/audit-logs': { action: 'records.read' },
  'GET /farms/{farmId}/supplies': { action: 'records.read' },
  'POST /farms/{farmId}/supplies': {
    action: 'records.write',
    body: () => ({ category: 'fuel', name: 'Petrol', unit: 'litre', quantity: '10', low_threshold: '2' }),
  },
  'GET /farms/{farmId}/supplies/export.csv': { action: 'records.read' },
  'GET /farms/{farmId}/supplies/{supplyId}': { action: 'records.read' },
  'PATCH /farms/{farmId}/supplies/{supplyId}': {
    action: 'records.write',
    body: () => ({ notes: 'Checked', version: 1 }),
  },
  'DELETE /farms/{farmId}/supplies/{supplyId}': { action: 'records.write' },
  'GET /farms/{farmId}/supplies/{supplyId}/movements': { action: 'records.read' },
  'POST /farms/{farmId}/supplies/{supplyId}/movements': {
    action: 'records.recordEvent',
    body: () => ({ id: newId(), kind: 'used', quantity: 1 }),
  },
  'GET /farms/{farmId}/supply-movements/export.csv': { action: 'records.read' },
  'GET /farms/{farmId}/inventory-alerts': { action: 'records.read' },
  'GET /farms/{farmId}/inventory-alerts/count': { action: 'records.read' },
  'POST /farms/{farmId}/inventory-alerts/{alertId}/resolve': { action: 'records.recordEvent' },
  'GET /farms/{farmId}/suppliers': { action: 'records.read' },
  'POST /farms/{farmId}/suppliers': { action: 'records.write', body: () => ({ name: 'Afri Feeds' }) },
  'PATCH /farms/{farmId}/suppliers/{supplierId}': {
    action: 'records.write',
    body: () => ({ phone: '0803 000 0000', version: 1 }),
  },
  'POST /farms/{farmId}/suppliers/{supplierId}/deactivate': { action: 'records.write' },
  'GET /farms/{farmId}/staff': { action: 'records.read' },
  'POST /farms/{farmId}/staff': {
    action: 'staff.manage',
    // Someone who left: the farm's active workers stay under the plan's limit however many calls run.
    body: () => ({ ...STAFF, first_name: 'Halima' }),
  },
  'GET /farms/{farmId}/staff/summary': { action: 'records.read' },
  'GET /farms/{farmId}/staff/export.csv': { action: 'records.read' },
  'GET /farms/{farmId}/staff/{staffId}': { action: 'records.read' },
  'PATCH /farms/{farmId}/staff/{staffId}': {
    action: 'staff.manage',
    body: () => ({ notes: 'Night shift', version: 1 }),
  },
  'DELETE /farms/{farmId}/staff/{staffId}': { action: 'staff.manage' },
  'GET /farms/{farmId}/livestock': { action: 'records.read' },
  'POST /farms/{farmId}/livestock': { action: 'records.write', body: () => LIVESTOCK },
  'GET /farms/{farmId}/livestock/summary': { action: 'records.read' },
  'GET /farms/{farmId}/livestock/{animalId}': { action: 'records.read' },
  'PATCH /farms/{farmId}/livestock/{animalId}': {
    action: 'records.write',
    body: () => ({ location: 'House 2', version: 1 }),
  },
  'DELETE /farms/{farmId}/livestock/{animalId}': { action: 'records.write' },
  'GET /farms/{farmId}/livestock/{animalId}/health-records': { action: 'records.read' },
  'POST /farms/{farmId}/livestock/{animalId}/health-records': {
    action: 'records.recordEvent',
    body: () => ({ id: newId(), date: '2025-05-28', kind: 'vaccination', product_name: 'Lasota' }),
  },
  'GET /farms/{farmId}/livestock/{animalId}/growth-logs': { action: 'records.read' },
  'POST /farms/{farmId}/livestock/{animalId}/growth-logs': {
    action: 'records.recordEvent',
    body: () => ({ id: newId(), date: '2025-05-28', weight_kg: '1.8', count_weighed: 10 }),
  },
  'GET /farms/{farmId}/livestock/{animalId}/events': { action: 'records.read' },
  'POST /farms/{farmId}/livestock/{animalId}/events': {
    action: 'records.recordEvent',
    body: () => ({ id: newId(), date: '2025-05-28', kind: 'mortality', count: 1 }),
  },
  'GET /farms/{farmId}/livestock/{animalId}/production': { action: 'records.read' },
  'POST /farms/{farmId}/livestock/{animalId}/production': {
    action: 'records.recordEvent',
    body: () => ({ id: newId(), date: '2025-05-28', eggs_collected: 40 }),
  },
  'GET /farms/{farmId}/livestock/{animalId}/timeline': { action: 'records.read' },
  'GET /farms/{farmId}/livestock/{animalId}/care-plan': { action: 'records.read' },
  'GET /farms/{farmId}/livestock/{animalId}/growth-target': { action: 'records.read' },
  'POST /farms/{farmId}/livestock/{animalId}/care-plan': {
    action: 'records.write',
    body: () => ({ programme_key: 'layer' }),
  },
  'GET /farms/{farmId}/crops': { action: 'records.read' },
  'POST /farms/{farmId}/crops': { action: 'records.write', body: () => ({ ...CROP, id: newId() }) },
  'POST /farms/{farmId}/crop-plans': {
    action: 'records.write',
    body: () => ({ season: 'main', items: [{ ...CROP, id: newId() }] }),
  },
  'GET /farms/{farmId}/planting-windows?crop_key=maize': { action: 'records.read' },
  'GET /farms/{farmId}/planting-schedules': { action: 'records.read' },
  'POST /farms/{farmId}/planting-schedules': {
    action: 'records.write',
    body: () => ({ crop_key: 'maize', season: 'early' }),
  },
  'GET /farms/{farmId}/crop-stages': { action: 'records.read' },
  'GET /farms/{farmId}/crop-predictions': { action: 'records.read' },
  'GET /farms/{farmId}/climate': { action: 'records.read' },
  'GET /farms/{farmId}/produce-stock': { action: 'records.read' },
  'GET /farms/{farmId}/crops/{cropId}': { action: 'records.read' },
  'PATCH /farms/{farmId}/crops/{cropId}': {
    action: 'records.write',
    body: () => ({ notes: 'Ridges', version: 1 }),
  },
  'DELETE /farms/{farmId}/crops/{cropId}': { action: 'records.write' },
  'POST /farms/{farmId}/crops/{cropId}/tasks-plan': { action: 'records.write' },
  'GET /farms/{farmId}/crops/{cropId}/stages': { action: 'records.read' },
  'GET /farms/{farmId}/crops/{cropId}/timeline': { action: 'records.read' },
  'POST /farms/{farmId}/crops/{cropId}/stages': {
    action: 'records.recordEvent',
    body: () => ({ id: newId(), stage_key: 'emergence', start_date: '2026-11-20' }),
  },
  'GET /farms/{farmId}/crops/{cropId}/harvests': { action: 'records.read' },
  'POST /farms/{farmId}/crops/{cropId}/harvests': {
    action: 'records.recordEvent',
    body: () => ({
      id: newId(),
      date: '2026-11-24',
      quantity: '3',
      unit: 'bag_100kg',
      destination: 'stored',
    }),
  },
  'GET /farms/{farmId}/crops/{cropId}/predictions': { action: 'records.read' },
  'POST /farms/{farmId}/crops/{cropId}/predictions': { action: 'records.write' },
  'GET /farms/{farmId}/fields': { action: 'records.read' },
  'POST /farms/{farmId}/fields': {
    action: 'records.write',
    body: () => ({ id: newId(), name: 'River plot' }),
  },
  'GET /farms/{farmId}/fields/{fieldId}': { action: 'records.read' },
  'PATCH /farms/{farmId}/fields/{fieldId}': {
    action: 'records.write',
    body: () => ({ notes: 'Sandy', version: 1 }),
  },
  'DELETE /farms/{farmId}/fields/{fieldId}': { action: 'records.write' },
  'GET /farms/{farmId}/fields/{fieldId}/soil-records': { action: 'records.read' },
  'POST /farms/{farmId}/fields/{fieldId}/soil-records': {
    action: 'records.write',
    body: () => ({ id: newId(), sample_date: '2026-11-20', ph: 6.1 }),
  },
  'GET /farms/{farmId}/care-programmes': { action: 'records.read' },
  'PUT /farms/{farmId}/care-programmes/{programmeKey}': {
    action: 'records.write',
    body: () => ({ steps: [{ key: 'nd', offset_days: 7, kind: 'vaccination', title: 'Newcastle vaccine' }] }),
  },
  'DELETE /farms/{farmId}/care-programmes/{programmeKey}': { action: 'records.write' },
  'GET /farms/{farmId}/members': { action: 'staff.manage' },
  'PATCH /farms/{farmId}/members/{userId}': { action: 'staff.manage', body: () => ({ role: 'worker' }) },
  'DELETE /farms/{farmId}/members/{userId}': { action: 'staff.manage' },
  'POST /farms/{farmId}/leave': { action: 'records.read', endsFarm: true },
  'POST /farms/{farmId}/transfer-ownership': {
    action: 'farm.billing',
    body: () => ({ user_id: newId(), password: 'not the password' }),
  },
  'GET /farms/{farmId}/invitations': { action: 'staff.manage' },
  'POST /farms/{farmId}/invitations': {
    action: 'staff.manage',
    body: () => ({ email: t.uniqueEmail('invited'), role: 'worker' }),
  },
  'POST /farms/{farmId}/invitations/{invitationId}/resend': { action: 'staff.manage' },
  'POST /farms/{farmId}/invitations/{invitationId}/revoke': { action: 'staff.manage' },
  'POST /farms/{farmId}/files': { action: 'records.recordEvent' },
  'GET /farms/{farmId}/files/{fileId}': { action: 'records.read' },
  'DELETE /farms/{farmId}/files/{fileId}': { action: 'records.write' },
  'GET /farms/{farmId}/tasks/today': { action: 'records.read' },
  'GET /farms/{farmId}/tasks/calendar?from=2026-11-01&to=2026-11-30': { action: 'records.read' },
  'GET /farms/{farmId}/tasks/day?date=2026-11-24': { action: 'records.read' },
  'GET /farms/{farmId}/tasks/about?supply_id=01935f4e-8a3c-7b1d-9e2f-0123456789ab': {
    action: 'records.read',
  },
  'GET /farms/{farmId}/tasks/templates': { action: 'records.read' },
  'GET /farms/{farmId}/tasks/settings': { action: 'records.read' },
  'PUT /farms/{farmId}/tasks/settings': { action: 'farm.billing', body: () => ({ sms_staff: false }) },
  'POST /farms/{farmId}/tasks/schedule': {
    action: 'records.write',
    body: () => ({ template: 'equipment_care', anchor: '2026-12-01' }),
  },
  'POST /farms/{farmId}/tasks': { action: 'records.write', body: () => TASK },
  'GET /farms/{farmId}/tasks/{taskId}': { action: 'records.read' },
  'PATCH /farms/{farmId}/tasks/{taskId}': {
    action: 'records.write',
    body: () => ({ notes: 'Bring gloves', version: 1 }),
  },
  'DELETE /farms/{farmId}/tasks/{taskId}': { action: 'records.write' },
  'POST /farms/{farmId}/tasks/{taskId}/complete': { action: 'records.recordEvent', body: () => ({}) },
  'POST /farms/{farmId}/tasks/{taskId}/skip': {
    action: 'records.recordEvent',
    body: () => ({ note: 'Rain' }),
  },
  'POST /farms/{farmId}/tasks/{taskId}/reopen': { action: 'records.recordEvent' },
  'PATCH /farms/{farmId}/task-series/{seriesId}': {
    action: 'records.write',
    body: () => ({ title: 'Feed', version: 1 }),
  },
  'DELETE /farms/{farmId}/task-series/{seriesId}': { action: 'records.write' },
  'GET /farms/{farmId}/expenses': { action: 'money.read' },
  'POST /farms/{farmId}/expenses': { action: 'money.write', body: () => ({ ...EXPENSE, id: newId() }) },
  'GET /farms/{farmId}/expenses/totals': { action: 'money.read' },
  'GET /farms/{farmId}/expenses/export.csv': { action: 'money.read' },
  'GET /farms/{farmId}/expenses/{expenseId}': { action: 'money.read' },
  'PATCH /farms/{farmId}/expenses/{expenseId}': {
    action: 'money.write',
    body: () => ({ description: 'Urea for the maize', version: 1 }),
  },
  'DELETE /farms/{farmId}/expenses/{expenseId}': { action: 'money.write' },
  'POST /farms/{farmId}/expenses/{expenseId}/paid': {
    action: 'money.write',
    body: () => ({ paid_on: '2026-11-21', version: 1 }),
  },
  'GET /farms/{farmId}/recurring-expenses': { action: 'money.read' },
  'POST /farms/{farmId}/recurring-expenses': {
    action: 'money.write',
    body: () => ({ ...RECURRING, id: newId() }),
  },
  'PATCH /farms/{farmId}/recurring-expenses/{recurringId}': {
    action: 'money.write',
    body: () => ({ amount_kobo: 1_600_000, version: 1 }),
  },
  'POST /farms/{farmId}/recurring-expenses/{recurringId}/stop': { action: 'money.write' },
  'GET /farms/{farmId}/sales': { action: 'money.read' },
  'POST /farms/{farmId}/sales': { action: 'money.write', body: () => ({ ...SALE, id: newId() }) },
  'GET /farms/{farmId}/sales/export.csv': { action: 'money.read' },
  'GET /farms/{farmId}/sales/{saleId}': { action: 'money.read' },
  'PATCH /farms/{farmId}/sales/{saleId}': {
    action: 'money.write',
    body: () => ({ notes: 'Mama Ngozi', version: 1 }),
  },
  'DELETE /farms/{farmId}/sales/{saleId}': { action: 'money.write' },
  'POST /farms/{farmId}/sales/{saleId}/payments': {
    action: 'money.write',
    body: () => ({ id: newId(), date: '2026-11-24', amount_kobo: 100 }),
  },
  'GET /farms/{farmId}/money/profit?from=2026-01-01&to=2026-12-31': { action: 'money.read' },
  'GET /farms/{farmId}/reports?from=2026-01-01&to=2026-12-31': { action: 'records.read' },
  'GET /farms/{farmId}/dashboard': { action: 'records.read' },
  // On Free the PDF is let through and refused as Pro's (402).
  'POST /farms/{farmId}/reports/pdfs': {
    action: 'money.write',
    body: () => ({ id: newId(), from: '2026-01-01', to: '2026-01-31' }),
  },
  'GET /farms/{farmId}/reports/pdfs': { action: 'money.read' },
  'POST /farms/{farmId}/reports/pdfs/{pdfId}/links': { action: 'money.write', body: () => ({ days: 30 }) },
  'GET /farms/{farmId}/report-links': { action: 'money.read' },
  'POST /farms/{farmId}/report-links/{linkId}/revoke': {
    action: 'money.write',
    body: () => ({ version: 1 }),
  },
  'GET /farms/{farmId}/money/cash?from=2026-01-01&to=2026-12-31': { action: 'money.read' },
  'GET /farms/{farmId}/money/owed': { action: 'money.read' },
  'GET /farms/{farmId}/money/stock': { action: 'money.read' },
  'GET /farms/{farmId}/attendance?date=2026-11-20': { action: 'money.read' },
  'PUT /farms/{farmId}/attendance': {
    action: 'money.write',
    body: () => ({ date: '2026-11-20', marks: [{ staff_id: lastStaffId, status: 'present' }] }),
  },
  'GET /farms/{farmId}/casual-labour?from=2026-11-01&to=2026-11-30': { action: 'money.read' },
  'POST /farms/{farmId}/casual-labour': {
    action: 'money.write',
    body: () => ({ ...CASUAL, id: newId() }),
  },
  'DELETE /farms/{farmId}/casual-labour/{casualId}': { action: 'money.write' },
  'GET /farms/{farmId}/pay-runs': { action: 'money.read' },
  'POST /farms/{farmId}/pay-runs': { action: 'money.write', body: () => ({ id: newId(), ...nextPeriod() }) },
  'GET /farms/{farmId}/pay-runs/{runId}': { action: 'money.read' },
  'PATCH /farms/{farmId}/pay-runs/{runId}/lines/{lineId}': {
    action: 'money.write',
    body: () => ({ amount_kobo: 150_000, version: 1 }),
  },
  'POST /farms/{farmId}/pay-runs/{runId}/pay': {
    action: 'money.write',
    body: () => ({ paid_on: '2026-11-21', payment_method: 'cash', version: 1 }),
  },
  'DELETE /farms/{farmId}/pay-runs/{runId}': { action: 'money.write' },
  'GET /farms/{farmId}/orders': { action: 'money.read' },
  'GET /farms/{farmId}/orders/{orderId}': { action: 'money.read' },
  // An unpaid order: accepting or declining it is let through and refused as not paid yet (409).
  'POST /farms/{farmId}/orders/{orderId}/accept': {
    action: 'marketplace.sell',
    body: () => ({ version: 1 }),
  },
  'POST /farms/{farmId}/orders/{orderId}/decline': {
    action: 'marketplace.sell',
    body: () => ({ version: 1 }),
  },
  // The same unpaid order: dispatching or recording its delivery is let through and refused (409).
  'POST /farms/{farmId}/orders/{orderId}/dispatch': {
    action: 'marketplace.sell',
    body: () => ({ version: 1, expected_on: '2099-01-01' }),
  },
  'POST /farms/{farmId}/orders/{orderId}/deliver': {
    action: 'marketplace.sell',
    body: () => ({ version: 1, code: '123456', delivered_quantity: 1 }),
  },
  // The same unpaid order: answering a problem is let through and refused (409: none was reported).
  'POST /farms/{farmId}/orders/{orderId}/dispute/answer': {
    action: 'marketplace.sell',
    body: () => ({ message: 'All the bags left the farm weighed.' }),
  },
  // The same unpaid order: rating its buyer is let through and refused as not completed (409).
  'POST /farms/{farmId}/orders/{orderId}/rating': {
    action: 'marketplace.sell',
    body: () => ({ stars: 5, tags: ['friendly'] }),
  },
  // Without Paystack in this file, resolving and saving are let through and answered 503 (or 400
  // for the owner's password, which this owner does not have).
  'POST /farms/{farmId}/payout-account/resolve': {
    action: 'farm.billing',
    body: () => ({ bank_code: '057', account_number: '0123456789' }),
  },
  'PUT /farms/{farmId}/payout-account': {
    action: 'farm.billing',
    body: () => ({ bank_code: '057', account_number: '0123456789', password: 'not-it' }),
  },
  'GET /farms/{farmId}/payout-account': { action: 'marketplace.sell' },
  // The assistant: every member asks, and reads, deletes and rates only their own conversations.
  'POST /farms/{farmId}/assistant/ask': {
    action: 'records.read',
    body: () => ({ question: 'When should I plant maize?' }),
  },
  'GET /farms/{farmId}/assistant/conversations': { action: 'records.read' },
  'GET /farms/{farmId}/assistant/conversations/{conversationId}': { action: 'records.read' },
  'DELETE /farms/{farmId}/assistant/conversations/{conversationId}': { action: 'records.read' },
  'POST /farms/{farmId}/assistant/messages/{messageId}/feedback': {
    action: 'records.read',
    body: () => ({ helpful: true }),
  },
  'GET /farms/{farmId}/payouts': { action: 'marketplace.sell' },
  'GET /farms/{farmId}/listings': { action: 'marketplace.read' },
  'POST /farms/{farmId}/listings': { action: 'marketplace.sell', body: () => ({ ...LISTING, id: newId() }) },
  'GET /farms/{farmId}/listings/sources': { action: 'marketplace.sell' },
  'GET /farms/{farmId}/listings/{listingId}': { action: 'marketplace.read' },
  'PATCH /farms/{farmId}/listings/{listingId}': {
    action: 'marketplace.sell',
    body: () => ({ price_kobo: 4_000_000, version: 1 }),
  },
  'POST /farms/{farmId}/listings/{listingId}/publish': { action: 'marketplace.sell', body: () => ({}) },
  'POST /farms/{farmId}/listings/{listingId}/pause': { action: 'marketplace.sell', body: () => ({}) },
  'POST /farms/{farmId}/listings/{listingId}/resume': { action: 'marketplace.sell', body: () => ({}) },
  'POST /farms/{farmId}/listings/{listingId}/close': { action: 'marketplace.sell', body: () => ({}) },
  'GET /farms/{farmId}/subscription': { action: 'billing.read' },
  'POST /farms/{farmId}/subscription/checkout': {
    action: 'farm.billing',
    body: () => ({ kind: 'one_year', client_id: newId() }),
  },
  'POST /farms/{farmId}/subscription/verify': {
    action: 'farm.billing',
    body: () => ({ reference: 'gona-pro-unknown' }),
  },
  'POST /farms/{farmId}/subscription/cancel': { action: 'farm.billing', body: () => ({ version: 0 }) },
  'POST /farms/{farmId}/subscription/active-workers': {
    action: 'farm.billing',
    body: () => ({ staff_ids: [] }),
  },
  'GET /farms/{farmId}/subscription/receipts/{paymentId}': { action: 'billing.read' },
};

const FORBIDDEN = { error: { code: 'FORBIDDEN', message: 'Insufficient permissions' } };

let t: TestContext;
let team: FarmTeam;
let farmRoutes: string[];

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  lastStaffId = (await create(team, 'staff', STAFF)).id;
  const doc = await t.request<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/openapi.json');
  farmRoutes = Object.entries(doc.body.paths)
    .map(([path, ops]) => [path.replace(/^\/api/, ''), ops] as const)
    .filter(([path]) => path === '/farms/{farmId}' || path.startsWith('/farms/{farmId}/'))
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
});

describe('farm access on every route under /farms/{farmId}', () => {
  it('has a row for every farm route, and none for a route that is gone', () => {
    const routes = Object.keys(ACCESS).map(withoutQuery);
    expect(farmRoutes.filter((route) => !routes.includes(route))).toEqual([]);
    expect(routes.filter((route) => !farmRoutes.includes(route))).toEqual([]);
  });

  it.each(Object.entries(ACCESS))('%s', async (route, row) => {
    await expectFarmAccess(route, row);
  });
});

/** A row's route without the query a GET needs to be valid. */
function withoutQuery(route: string): string {
  return route.replace(/\?.*$/, '');
}

/** 401 without a session, 404 to a stranger, 403 to each role `row.action` leaves out; the others are let through. */
async function expectFarmAccess(route: string, row: Row): Promise<void> {
  const [method, path] = route.split(' ') as [string, string];
  const url = await urlOn(team, path);
  expect((await t.request(method, url, { body: row.body?.() })).status, `${route} without a session`).toBe(
    401,
  );
  const stranger = await t.request(method, url, { body: row.body?.(), cookie: team.cookies.stranger });
  expect(stranger.status, `${route} by a stranger`).toBe(404);
  const allowed: readonly FarmRole[] = FARM_ACTIONS[row.action];
  for (const role of FARM_ROLES.filter((r) => !allowed.includes(r))) {
    const res = await t.request(method, url, { body: row.body?.(), cookie: team.cookies[role] });
    expect([res.status, res.body], `${route} by ${role}`).toEqual([403, FORBIDDEN]);
  }
  for (const role of allowed) {
    const on = row.endsFarm ? await seedFarmTeam(t) : team;
    const res = await t.request(method, await urlOn(on, path, role), {
      body: row.body?.(),
      cookie: on.cookies[role],
    });
    expect([401, 403, 404], `${route} by ${role}: ${res.text}`).not.toContain(res.status);
  }
}

/** The route's URL on `on`'s farm, each id naming a record made for this call (a call may use it up). */
async function urlOn(on: FarmTeam, path: string, role: FarmRole = 'owner'): Promise<string> {
  const ids: Record<string, () => Promise<string>> = {
    farmId: () => Promise.resolve(on.farm.id),
    programmeKey: () => Promise.resolve('broiler'),
    supplyId: async () => (await create(on, 'supplies', SUPPLY)).id,
    supplierId: async () => (await create(on, 'suppliers', { name: 'Zeb Agro' })).id,
    staffId: async () => (await create(on, 'staff', STAFF)).id,
    casualId: async () => (await create(on, 'casual-labour', { ...CASUAL, id: newId() })).id,
    // A draft with one line (a day of casual labour); {lineId} is that line.
    runId: async () => {
      const period = nextPeriod();
      await create(on, 'casual-labour', { ...CASUAL, id: newId(), date: period.period_start });
      const run = await create<{ id: string; lines: { id: string }[] }>(on, 'pay-runs', {
        id: newId(),
        ...period,
      });
      lastLineId = run.lines[0]!.id;
      return run.id;
    },
    lineId: () => Promise.resolve(lastLineId),
    animalId: async () => (await create(on, 'livestock', LIVESTOCK)).id,
    cropId: async () => (await create(on, 'crops', { ...CROP, id: newId() })).id,
    fieldId: async () => (await create(on, 'fields', { id: newId(), name: 'Plot' })).id,
    alertId: async () => {
      // Stock at the threshold opens an alert.
      const supply = await create(on, 'supplies', SUPPLY);
      const [alert] = await t.db
        .select()
        .from(inventory_alerts)
        .where(eq(inventory_alerts.supply_id, supply.id));
      return alert!.id;
    },
    // A member of its own for each call, since a call may take them off the farm.
    userId: async () => {
      const member = await seedUser(t, { first_name: 'Member' });
      await t.addMember(on.farm.id, member.user.id, 'viewer');
      return member.user.id;
    },
    invitationId: async () =>
      (await create(on, 'invitations', { email: t.uniqueEmail('invited'), role: 'viewer' })).id,
    taskId: async () => (await create(on, 'tasks', TASK)).id,
    orderId: async () =>
      seedPlacedOrder(
        t,
        await seedListing(t, on.farm.id),
        (await seedUser(t, { first_name: 'Buyer' })).user.id,
      ),
    listingId: async () => (await create(on, 'listings', LISTING)).id,
    expenseId: async () => (await create(on, 'expenses', EXPENSE)).id,
    saleId: async () => (await create(on, 'sales', SALE)).id,
    recurringId: async () => (await create(on, 'recurring-expenses', RECURRING)).id,
    seriesId: async () =>
      (await create<{ series_id: string }>(on, 'tasks', { ...TASK, rrule: 'FREQ=WEEKLY;BYDAY=MO' }))
        .series_id,
    // A conversation with the assistant is its asker's alone: one of the calling member's own.
    conversationId: async () => (await conversationOf(on, role)).id,
    messageId: async () => {
      const conversation = await conversationOf(on, role);
      const [message] = await t.db
        .insert(assistant_messages)
        .values({ conversation_id: conversation.id, role: 'assistant', text: 'Plant maize in June.' })
        .returning({ id: assistant_messages.id });
      return message!.id;
    },
    paymentId: () => seedSubscriptionPayment(t, on.farm),
    // A PDF still waiting for the job: sharing it is let through and refused as not ready (409).
    pdfId: async () => (await reportPdfOn(on)).id,
    linkId: async () => {
      const pdf = await reportPdfOn(on);
      const [link] = await t.db
        .insert(report_links)
        .values({
          farm_id: on.farm.id,
          report_pdf_id: pdf.id,
          token_hash: newId(),
          expires_at: new Date(t.deps.now() + 86_400_000),
        })
        .returning({ id: report_links.id });
      return link!.id;
    },
    fileId: async () => {
      const res = await uploadPhoto(t, on.base, on.cookies.owner);
      if (res.status !== 201) throw new Error(`uploading a photo failed: ${res.status} ${res.text}`);
      return (res.body as { id: string }).id;
    },
  };
  let url = `/api${path}`;
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    const make = ids[name!];
    if (!make) throw new Error(`no record to make for {${name}} in ${path}`);
    url = url.replace(`{${name}}`, await make());
  }
  return url;
}

async function conversationOf(on: FarmTeam, role: FarmRole): Promise<{ id: string }> {
  const [conversation] = await t.db
    .insert(assistant_conversations)
    .values({ farm_id: on.farm.id, user_id: on.users[role].id, title: 'When should I plant maize?' })
    .returning({ id: assistant_conversations.id });
  return conversation!;
}

const SUPPLY = { category: 'fertilizer', name: 'Urea', unit: 'bag_50kg', quantity: '5', low_threshold: '5' };
const CASUAL = { date: '2026-11-20', headcount: 6, rate_kobo: 300_000, description: 'Weeding' };
let lastLineId = '';
let lastStaffId = '';
let periods = 0;
/** A day no other pay run of the test covers, so each new run is allowed. */
function nextPeriod(): { period_start: string; period_end: string } {
  const day = new Date(Date.UTC(2020, 0, 1 + periods++)).toISOString().slice(0, 10);
  return { period_start: day, period_end: day };
}
const EXPENSE = { date: '2026-11-20', category: 'fertilizer', amount_kobo: 2_500_000 };
// Starting later, so making one writes no expense.
const RECURRING = {
  category: 'land_rent',
  amount_kobo: 1_500_000,
  rrule: 'FREQ=MONTHLY;BYMONTHDAY=1',
  starts_on: '2036-01-01',
};
// On credit, so a payment can be recorded against it.
const SALE = {
  date: '2026-11-20',
  product: 'Maize grain',
  quantity: 2,
  unit: 'bag_100kg',
  amount_kobo: 9_000_000,
  paid_kobo: 0,
};
const TASK = { title: 'Weed the maize', type: 'weeding', due_date: '2026-12-02' };
const LISTING = {
  category: 'crop',
  product_key: 'maize',
  quantity_available: 20,
  unit: 'bag_100kg',
  min_order: 2,
  price_kobo: 4_500_000,
};
const CROP = { crop_key: 'maize', area_planted: '1', season: 'main', planting_date: '2026-11-01' };
const LIVESTOCK = {
  kind: 'group',
  species: 'chicken_layer',
  name: 'Layers House A',
  head_count: 50,
  acquisition: 'bought',
};
const STAFF = {
  first_name: 'Garba',
  last_name: 'Sani',
  job: 'security',
  employment_type: 'casual',
  status: 'left',
  end_date: '2025-05-01',
};

async function create<T = { id: string }>(on: FarmTeam, what: string, body: unknown): Promise<T> {
  const res = await t.request<T>('POST', `${on.base}/${what}`, {
    body,
    cookie: on.cookies.owner,
  });
  if (res.status !== 201) throw new Error(`creating ${what} failed: ${res.status} ${res.text}`);
  return res.body;
}

/** A PDF report asked for on `on`'s farm, still waiting for the job. */
async function reportPdfOn(on: FarmTeam): Promise<{ id: string }> {
  const [pdf] = await t.db
    .insert(report_pdfs)
    .values({
      farm_id: on.farm.id,
      from: '2026-01-01',
      to: '2026-01-31',
      scope: 'farm',
      scope_name: on.farm.name,
    })
    .returning({ id: report_pdfs.id });
  return pdf!;
}
