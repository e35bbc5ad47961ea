// Gona's push handlers, loaded into the service worker that vite-plugin-pwa generates
// (workbox.importScripts in vite.config.ts). The server's payload is { title, body, link, tag },
// where tag is the notification's id (integrations/push.ts).
const FALLBACK_LINK = '/dashboard/notifications';

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(message.title || 'Gona', {
        body: message.body || '',
        tag: message.tag,
        icon: '/brand/icon.png',
        data: { link: message.link || FALLBACK_LINK, id: message.tag },
      });
      // Open windows refresh the bell's count.
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: 'gona:notification' });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { link, id } = event.notification.data || {};
  const target = new URL(link || FALLBACK_LINK, self.location.origin);
  // Only Gona's own pages open from a notification.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      if (id) {
        await fetch(`/api/notifications/${encodeURIComponent(id)}/read`, {
          method: 'POST',
          credentials: 'same-origin',
        }).catch(() => undefined);
      }
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        try {
          await open.navigate(target.href);
          return;
        } catch {
          // A window this worker does not control cannot be navigated; open a new one instead.
        }
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
