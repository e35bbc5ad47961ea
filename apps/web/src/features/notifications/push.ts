import { apiFetch } from '@/lib/http';

/**
 * Web push in this browser: permission, the PushManager subscription and its copy on the server.
 * The service worker's push and notificationclick handlers are in public/sw-push.js.
 */

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Whether this browser shows Gona's notifications now. */
export async function pushState(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * Asks for permission (the browser's own prompt), subscribes with the server's VAPID public key and
 * saves the subscription for the signed-in person. Answers the state it ended in.
 */
export async function allowPush(publicKey: string): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(publicKey),
    }));
  await apiFetch<null>('/api/notifications/push-subscriptions', {
    method: 'POST',
    json: subscription.toJSON(),
  });
  return 'on';
}

/**
 * Stops push in this browser and tells the server to forget it: turned off on the settings screen,
 * and on signing out, so the next person on a shared phone does not get the last one's notifications.
 */
export async function stopPush(): Promise<void> {
  if (!isPushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe();
  await apiFetch<null>(`/api/notifications/push-subscriptions?endpoint=${encodeURIComponent(endpoint)}`, {
    method: 'DELETE',
  });
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
