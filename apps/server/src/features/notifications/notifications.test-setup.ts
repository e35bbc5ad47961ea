import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JobWithMetadata } from 'pg-boss';
import { push_subscriptions } from '../../db/schema/index';
import { SEND_QUEUE, createNotificationQueues, runSendJob, type SendJob } from '../../jobs/notifications';
import type { TestContext } from '../../test/context';
import type { DeliveryDeps, DeliveryResult } from './delivery.service';

/**
 * The notification jobs run by hand, as the workers would: dispatch what is due, then run each
 * send job (`times` runs each, to show a second run sends nothing) and settle it with pg-boss.
 * `at` is the time the jobs believe it is (quiet hours end later).
 */
export async function notificationJobs(t: TestContext) {
  const deps: DeliveryDeps = {
    db: t.db,
    mail: t.deps.mail,
    push: t.deps.push,
    sms: t.deps.sms,
    logger: t.deps.logger,
    baseUrl: t.deps.config.baseUrl,
    storage: t.deps.storage,
  };
  const jobs = await createNotificationQueues(t.boss, deps);
  return {
    deps,
    /** Queues what is due at `at`; answers how many send jobs it added. */
    dispatch: (at = new Date()) => jobs.dispatch(at),
    /** The send jobs waiting, taken from the queue as a worker takes them. */
    fetch: () => t.boss.fetch<SendJob>(SEND_QUEUE, { batchSize: 100, includeMetadata: true }),
    run: (job: JobWithMetadata<SendJob>, at = new Date()) => runSendJob(deps, job, at),
    /**
     * Dispatch, then every send job `times` times; answers each run's result or error. Every job
     * waiting is run, batch after batch: the worker's database also holds what earlier test files
     * notified, often more than one batch.
     */
    async runAll({ at = new Date(), times = 1 } = {}): Promise<(DeliveryResult | Error)[]> {
      await jobs.dispatch(at);
      const results: (DeliveryResult | Error)[] = [];
      const waiting: JobWithMetadata<SendJob>[] = [];
      for (;;) {
        const batch = await t.boss.fetch<SendJob>(SEND_QUEUE, { batchSize: 100, includeMetadata: true });
        if (batch.length === 0) break;
        waiting.push(...batch);
      }
      for (const job of waiting) {
        let failed: Error | null = null;
        for (let run = 0; run < times; run++) {
          try {
            results.push(await runSendJob(deps, job, at));
          } catch (err) {
            failed = err instanceof Error ? err : new Error(String(err));
            results.push(failed);
          }
        }
        if (failed) await t.boss.fail(SEND_QUEUE, job, { message: failed.message });
        else await t.boss.complete(SEND_QUEUE, job);
      }
      return results;
    },
  };
}

export type PushRequest = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A push service on loopback: it keeps what it receives and answers 201, or `status` for paths
 * given to answerWith (410 for a browser that dropped its subscription).
 */
export async function startPushService() {
  const received: PushRequest[] = [];
  const answers = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(path) ?? 201);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith: (path: string, status: number) => void answers.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a push subscription: its key pair and auth secret, as PushManager makes them. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    authText: auth.toString('base64url'),
  };
}

/** Saves a subscription for `userId` pointing at the loopback push service (the API only takes known push hosts). */
export async function subscribe(
  t: TestContext,
  userId: string,
  endpoint: string,
  keys: ReturnType<typeof browserKeys>,
) {
  await t.db
    .insert(push_subscriptions)
    .values({ user_id: userId, endpoint, p256dh: keys.p256dh, auth: keys.authText });
}

/**
 * Decrypts a push body as the browser does (RFC 8291 with RFC 8188's aes128gcm): the header carries
 * the salt, record size and the sender's one-time public key; the shared secret and the auth secret
 * give the content key and nonce through HKDF-SHA-256.
 */
export function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}
