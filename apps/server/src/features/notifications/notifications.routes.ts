import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ErrorBodySchema } from '@gona/shared';
import { PageQuerySchema } from '@gona/shared/pagination';
import {
  NotificationPageSchema,
  NotificationSchema,
  NotificationSettingsSchema,
  PushSubscriptionInputSchema,
  PushUnsubscribeQuerySchema,
  ReadAllResultSchema,
  UnreadCountSchema,
  UpdateNotificationPreferencesInputSchema,
} from '@gona/shared/notifications';
import { requireSession } from '../../lib/auth-guard';
import { ctxOf, type AppEnv } from '../../lib/http-context';
import { ErrorResponses, createRouter, jsonBody, jsonContent } from '../../lib/openapi';
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
  sendTestNotification,
} from './notifications.service';
import { getNotificationSettings, updateNotificationPreferences } from './preferences.service';
import { removePushSubscription, savePushSubscription } from './push-subscriptions.service';

/** The signed-in person's own notifications and settings: no farm in the path, every farm's in the list. */
const tags = ['Notifications'];

const capabilitiesOf = (c: Context<AppEnv>) => ({
  smsAvailable: c.var.deps.sms !== null,
  pushPublicKey: c.var.deps.push.publicKey,
});

export const notificationsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/notifications',
      tags,
      summary: "The signed-in person's notifications, newest first",
      middleware: [requireSession] as const,
      request: { query: PageQuerySchema },
      responses: { 200: jsonContent(NotificationPageSchema, 'A page of notifications'), ...ErrorResponses },
    }),
    async (c) => c.json(await listNotifications(ctxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/notifications/unread-count',
      tags,
      summary: 'How many are unread (the bell)',
      middleware: [requireSession] as const,
      responses: { 200: jsonContent(UnreadCountSchema, 'The count'), ...ErrorResponses },
    }),
    async (c) => c.json(await countUnread(ctxOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/notifications/read-all',
      tags,
      summary: 'Mark every notification read',
      middleware: [requireSession] as const,
      responses: { 200: jsonContent(ReadAllResultSchema, 'How many were unread'), ...ErrorResponses },
    }),
    async (c) => c.json(await markAllRead(ctxOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/notifications/{notificationId}/read',
      tags,
      summary: 'Mark one notification read',
      middleware: [requireSession] as const,
      request: { params: z.object({ notificationId: z.uuid() }) },
      responses: { 200: jsonContent(NotificationSchema, 'The notification'), ...ErrorResponses },
    }),
    async (c) => c.json(await markRead(ctxOf(c), c.req.valid('param').notificationId), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/notifications/test',
      tags,
      summary: 'Send a test notification to the bell and every browser that allows push',
      middleware: [requireSession] as const,
      responses: {
        201: jsonContent(NotificationSchema, 'The test notification'),
        429: jsonContent(ErrorBodySchema, 'RATE_LIMITED: a few tests an hour'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await sendTestNotification(ctxOf(c), c.var.deps.now()), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/notifications/settings',
      tags,
      summary: 'Which notifications come by email, push and SMS; quiet hours; the daily digest',
      middleware: [requireSession] as const,
      responses: { 200: jsonContent(NotificationSettingsSchema, 'The settings'), ...ErrorResponses },
    }),
    async (c) => c.json(await getNotificationSettings(ctxOf(c), capabilitiesOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/notifications/settings',
      tags,
      summary: 'Change notification settings (only what is sent changes)',
      middleware: [requireSession] as const,
      request: jsonBody(UpdateNotificationPreferencesInputSchema),
      responses: { 200: jsonContent(NotificationSettingsSchema, 'The settings'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await updateNotificationPreferences(ctxOf(c), c.req.valid('json'), capabilitiesOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/notifications/push-subscriptions',
      tags,
      summary: "Save this browser's push subscription for the signed-in person",
      middleware: [requireSession] as const,
      request: jsonBody(PushSubscriptionInputSchema),
      responses: { 204: { description: 'Saved' }, ...ErrorResponses },
    }),
    async (c) => {
      await savePushSubscription(ctxOf(c), c.req.valid('json'));
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/notifications/push-subscriptions',
      tags,
      summary: "Forget this browser's push subscription",
      middleware: [requireSession] as const,
      request: { query: PushUnsubscribeQuerySchema },
      responses: { 204: { description: 'Forgotten' }, ...ErrorResponses },
    }),
    async (c) => {
      await removePushSubscription(ctxOf(c), c.req.valid('query').endpoint);
      return c.body(null, 204);
    },
  );
