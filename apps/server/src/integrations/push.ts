import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config';

export type VapidKeys = { publicKey: string; privateKey: string };

/** What a push shows on the phone; the service worker (public/sw-push.js) reads these names. */
export type PushMessage = { title: string; body: string; link: string | null; tag: string };

/** A browser's subscription as stored. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * `gone`: the browser dropped the subscription (404/410), so it should be forgotten. Other
 * failures are thrown, so the job tries again later.
 */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  /** The VAPID public key browsers subscribe with. */
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage, options: { urgent: boolean }): Promise<PushOutcome>;
}

const TIMEOUT_MS = 15_000;
/** A push that could not reach a phone for a day is no longer news. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Web push with VAPID: web-push encrypts the message for the subscription (aes128gcm, RFC 8291)
 * and signs the VAPID header; the request itself goes out through fetch, which gives a plain
 * timeout and lets tests stand in for the push service.
 */
export function createPushSender(
  keys: VapidKeys,
  subject: string,
  fetchImpl: typeof fetch = fetch,
): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, message, { urgent }) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          urgency: urgent ? 'high' : 'normal',
          // One notification per tag on the phone, so a resend replaces instead of stacking.
          topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
        },
      );
      const headers = Object.fromEntries(
        Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
      );
      const response = await fetchImpl(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ?? undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw new Error(`The push service answered ${response.status}: ${text.slice(0, 200)}`);
      }
      return 'sent';
    },
  };
}

/**
 * The VAPID keys: from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or made once and kept in
 * DATA_DIR/vapid-keys.json, so browsers that subscribed stay subscribed across restarts.
 * Several servers must share one pair: set the variables there.
 */
export function loadVapidKeys(config: Pick<Config, 'vapidKeys' | 'dataDir'>): VapidKeys {
  if (config.vapidKeys) return config.vapidKeys;
  const file = join(config.dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (saved.publicKey && saved.privateKey)
      return { publicKey: saved.publicKey, privateKey: saved.privateKey };
  }
  const keys = generateVapidKeys();
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/** A P-256 key pair in the form VAPID uses: the uncompressed public point and the private scalar, base64url. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // The private scalar comes without its leading zero bytes; VAPID wants all 32.
  const privateKey = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
}
