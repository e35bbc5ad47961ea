import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Africa's Talking's SMS API that speaks its protocol: POST /version1/messaging,
 * form-encoded, `apikey` header, answered 201 with SMSMessageData.Recipients. Tests start it on a
 * free port; developers run it (`npm run sms:fake -w @gona/server`) and point SMS_BASE_URL at it,
 * and see each message printed instead of sent.
 *
 * Numbers not in international form (+234…) are answered as Africa's Talking does: status 403,
 * InvalidPhoneNumber. A wrong or missing key answers 401.
 */
export type FakeSms = {
  username: string;
  to: string;
  message: string;
  from: string | null;
  apiKey: string | null;
  accept: string | null;
  contentType: string | null;
};

export type FakeAfricasTalking = {
  /** The base URL for SMS_BASE_URL. */
  url: string;
  received: FakeSms[];
  /** The next request is answered with this HTTP status and no SMS is kept (a provider outage). */
  failNext: (status: number) => void;
  close: () => Promise<void>;
};

export async function startFakeAfricasTalking(
  options: { port?: number; apiKey?: string; onMessage?: (sms: FakeSms) => void } = {},
): Promise<FakeAfricasTalking> {
  const received: FakeSms[] = [];
  let failures: number[] = [];
  let nextId = 1;

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => answer(res, 500, 'text/plain', 'Internal error'));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || req.url !== '/version1/messaging') {
      return answer(res, 404, 'text/plain', 'Not found');
    }
    const failure = failures.shift();
    if (failure) return answer(res, failure, 'text/plain', 'Service unavailable');
    const apiKey = header(req, 'apikey');
    if (!apiKey || (options.apiKey && apiKey !== options.apiKey)) {
      return answer(res, 401, 'text/plain', 'The supplied authentication is invalid');
    }
    const form = new URLSearchParams(await readBody(req));
    const username = form.get('username');
    const to = form.get('to');
    const message = form.get('message');
    if (!username || !to || !message) {
      return answer(res, 400, 'text/plain', 'Request is missing required form field');
    }
    const sms: FakeSms = {
      username,
      to,
      message,
      from: form.get('from'),
      apiKey,
      accept: header(req, 'accept'),
      contentType: header(req, 'content-type'),
    };
    const recipients = to.split(',').map((number) => {
      const valid = /^\+\d{8,15}$/.test(number.trim());
      return valid
        ? {
            statusCode: 101,
            number: number.trim(),
            status: 'Success',
            cost: 'NGN 0.0000',
            messageId: `ATXid_fake${nextId++}`,
          }
        : {
            statusCode: 403,
            number: number.trim(),
            status: 'InvalidPhoneNumber',
            cost: '0',
            messageId: 'None',
          };
    });
    const sent = recipients.filter((r) => r.statusCode === 101).length;
    if (sent > 0) {
      received.push(sms);
      options.onMessage?.(sms);
    }
    const body = {
      SMSMessageData: {
        Message: `Sent to ${sent}/${recipients.length} Total Cost: NGN 0.0000`,
        Recipients: recipients,
      },
    };
    return answer(res, 201, 'application/json', JSON.stringify(body));
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext: (status) => void (failures = [...failures, status]),
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

// Run directly: a fake SMS gateway for offline development that prints what Gona sends.
if (import.meta.main) {
  const port = Number(process.argv[2] ?? 4010);
  const fake = await startFakeAfricasTalking({
    port,
    onMessage: (sms) =>
      console.log(`SMS to ${sms.to}${sms.from ? ` from ${sms.from}` : ''}:\n  ${sms.message}`),
  });
  console.log(
    `Fake Africa's Talking at ${fake.url}: set SMS_PROVIDER=africastalking SMS_USERNAME=sandbox SMS_API_KEY=dev SMS_BASE_URL=${fake.url}`,
  );
}
