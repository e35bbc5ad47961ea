import { compress } from 'hono/compress';
import { accountRoutes } from './features/account/account.routes';
import { assistantRoutes } from './features/assistant/assistant.routes';
import { except } from 'hono/combine';
import { authHandlerRoutes, meRoutes } from './features/auth/auth.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { climateRoutes } from './features/climate/climate.routes';
import { cropsRoutes } from './features/crops/crops.routes';
import { devRoutes } from './features/dev/dev.routes';
import { farmsRoutes } from './features/farms/farms.routes';
import { fieldsRoutes } from './features/fields/fields.routes';
import { UPLOAD_PATH, filesRoutes } from './features/files/files.routes';
import { healthRoutes } from './features/health/health.routes';
import { inventoryRoutes } from './features/inventory/inventory.routes';
import { knowledgeRoutes } from './features/knowledge/knowledge.routes';
import { helpRoutes } from './features/help/help.routes';
import { referralsRoutes } from './features/referrals/referrals.routes';
import { livestockRoutes } from './features/livestock/livestock.routes';
import { DISPUTE_PHOTO_UPLOAD_PATH } from './features/marketplace/disputes.routes';
import { marketplaceRoutes } from './features/marketplace/marketplace.routes';
import { PAYSTACK_WEBHOOK_PATH } from './features/marketplace/webhooks.routes';
import { SMS_INCOMING_PATH, USSD_PATH, phoneRoutes } from './features/phone/phone.routes';
import { moneyRoutes } from './features/money/money.routes';
import { membersRoutes } from './features/members/members.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { plansRoutes } from './features/plans/plans.routes';
import { billingFeatureRoutes } from './features/billing/billing.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { staffRoutes } from './features/staff/staff.routes';
import { supportRoutes } from './features/support/support.routes';
import { tasksRoutes } from './features/tasks/tasks.routes';
import { tilesRoutes } from './features/tiles/tiles.routes';
import './features/inventory/task-hooks';
import './features/livestock/task-hooks';
import { createAuth } from './lib/auth';
import type { Deps } from './lib/ctx';
import { renderApiDocs } from './lib/docs';
import { errorBody } from './lib/errors';
import { handleError } from './lib/http-errors';
import { createRouter } from './lib/openapi';
import { limitBodies, originCheck, refuseControlCharacters, securityHeaders } from './lib/security';
import { loadSession } from './lib/session';

const API_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'Gona API',
    version: '1',
    description: 'Farm management and marketplace for Nigerian farmers.',
  },
};

/** Builds the whole HTTP app without listening; main.ts serves it, tests call app.request. */
export function createApp(deps: Deps) {
  const auth = createAuth(deps);
  const app = createRouter();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('auth', auth);
    c.set('user', null);
    await next();
  });
  app.use('*', securityHeaders);
  app.use('/api/*', compress());
  // Uploads have their own, larger limit (UPLOAD_MAX_BYTES), checked on the route after the session.
  app.use('*', except([UPLOAD_PATH, DISPUTE_PHOTO_UPLOAD_PATH], limitBodies));
  // Paystack's webhook comes from no page: it proves itself by its signature (webhooks.routes.ts),
  // and its body is read raw, exactly as signed.
  // Africa's Talking's USSD and SMS callbacks come from no page either: they carry a secret key
  // (phone.routes.ts, docs/decisions/073).
  app.use('/api/*', except([PAYSTACK_WEBHOOK_PATH, USSD_PATH, SMS_INCOMING_PATH], originCheck));
  app.use('/api/*', except(PAYSTACK_WEBHOOK_PATH, refuseControlCharacters));
  app.route('/api', authHandlerRoutes);
  app.use('/api/*', loadSession);

  // Feature routers: one line each.
  app.route('/api', healthRoutes);
  app.route('/api', phoneRoutes);
  app.route('/api', meRoutes);
  app.route('/api', farmsRoutes);
  app.route('/api', auditRoutes);
  app.route('/api', plansRoutes);
  app.route('/api', billingFeatureRoutes);
  app.route('/api', contactRoutes);
  app.route('/api', inventoryRoutes);
  app.route('/api', staffRoutes);
  app.route('/api', tasksRoutes);
  app.route('/api', moneyRoutes);
  app.route('/api', livestockRoutes);
  app.route('/api', membersRoutes);
  app.route('/api', accountRoutes);
  app.route('/api', notificationsRoutes);
  app.route('/api', filesRoutes);
  app.route('/api', knowledgeRoutes);
  app.route('/api', cropsRoutes);
  app.route('/api', climateRoutes);
  app.route('/api', assistantRoutes);
  app.route('/api', fieldsRoutes);
  app.route('/api', tilesRoutes);
  app.route('/api', marketplaceRoutes);
  app.route('/api', reportsRoutes);
  app.route('/api', dashboardRoutes);
  app.route('/api', supportRoutes);
  app.route('/api', helpRoutes);
  app.route('/api', referralsRoutes);
  app.route('/', devRoutes);

  app.doc31('/api/openapi.json', API_DOCUMENT);
  app.get('/api/docs', (c) => c.html(renderApiDocs(app.getOpenAPI31Document(API_DOCUMENT))));

  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND'), 404));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
