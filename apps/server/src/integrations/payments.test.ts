import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { FAKE_UNKNOWN_ACCOUNT, startFakePaystack } from './fake-paystack';
import {
  PaymentGatewayError,
  PaymentGatewayUnreachableError,
  createPaymentGateway,
  createPaystack,
  signPaystackBody,
} from './payments';

/** A webhook receiver standing in for the app: answers the statuses it is given, then 200. */
async function startReceiver() {
  const received: { body: string; signature: string | null }[] = [];
  let answers: number[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const signature = req.headers['x-paystack-signature'];
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: typeof signature === 'string' ? signature : null,
      });
      res.writeHead(answers.shift() ?? 200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/paystack`,
    received,
    answerNext: (...statuses: number[]) => void (answers = statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const receiver = await startReceiver();
const fake = await startFakePaystack({ webhookUrl: receiver.url, webhookRetryDelaysMs: [10, 30] });
afterAll(async () => {
  await fake.close();
  await receiver.close();
});

const gateway = createPaystack({ baseUrl: fake.url, secretKey: fake.secretKey });
let n = 0;
const newReference = () => `gona-test-${Date.now()}-${++n}`;
const callbackUrl = 'http://localhost:3000/marketplace/orders/return';

beforeEach(() => {
  receiver.received.length = 0;
});

async function paid(amountKobo: number) {
  const reference = newReference();
  await gateway.initialize({ email: 'buyer@example.com', amountKobo, reference, callbackUrl });
  await fake.pay(reference);
  return reference;
}

describe('the Paystack gateway against the fake', () => {
  it('initializes in kobo, pays on the checkout page and verifies the exact kobo', async () => {
    const reference = newReference();
    const started = await gateway.initialize({
      email: 'buyer@example.com',
      amountKobo: 1_250_050,
      reference,
      callbackUrl,
      metadata: { order_id: 'order-1' },
    });
    expect(started.reference).toBe(reference);
    expect(started.authorizationUrl).toBe(`${fake.url}/checkout/${started.accessCode}`);
    const sent = fake.transactions.find((t) => t.reference === reference)!;
    // ₦12,500.50 is 1,250,050 kobo on the wire: neither ₦12,500.50 nor 125,005,000.
    expect(sent).toMatchObject({ amount: 1_250_050, currency: 'NGN', status: 'ongoing' });

    expect((await gateway.verify(reference)).status).toBe('ongoing');

    const page = await fetch(started.authorizationUrl);
    const html = await page.text();
    expect(html).toContain('₦12,500.50');
    expect(html).toContain(`action="/checkout/${started.accessCode}/pay"`);

    const back = await fetch(`${fake.url}/checkout/${started.accessCode}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${callbackUrl}?trxref=${reference}&reference=${reference}`);

    const verified = await gateway.verify(reference);
    expect(verified).toMatchObject({
      status: 'success',
      amountKobo: 1_250_050,
      currency: 'NGN',
      reference,
      metadata: { order_id: 'order-1' },
    });
    expect(verified.id).toBe(sent.id);
    expect(Date.parse(verified.paidAt!)).not.toBeNaN();

    await fake.settled();
    const event = JSON.parse(receiver.received.at(-1)!.body) as { event: string; data: { amount: number } };
    expect(event).toMatchObject({ event: 'charge.success', data: { amount: 1_250_050, reference } });
  });

  it('refuses amounts that are not whole kobo before asking Paystack', async () => {
    const before = fake.transactions.length;
    for (const amountKobo of [12_500.5, 0, -100, Number.NaN])
      await expect(
        gateway.initialize({
          email: 'buyer@example.com',
          amountKobo,
          reference: newReference(),
          callbackUrl,
        }),
      ).rejects.toBeInstanceOf(RangeError);
    expect(fake.transactions.length).toBe(before);
  });

  it('reports a declined payment as failed and sends the browser back', async () => {
    const reference = newReference();
    const started = await gateway.initialize({
      email: 'b@example.com',
      amountKobo: 500_000,
      reference,
      callbackUrl,
    });
    const back = await fetch(`${fake.url}/checkout/${started.accessCode}/decline`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(back.headers.get('location')).toBe(`${callbackUrl}?trxref=${reference}&reference=${reference}`);
    expect(await gateway.verify(reference)).toMatchObject({
      status: 'failed',
      amountKobo: 500_000,
      paidAt: null,
    });
  });

  it('answers Paystack refusals as PaymentGatewayError with its message for logs', async () => {
    const reference = newReference();
    await gateway.initialize({ email: 'b@example.com', amountKobo: 10_000, reference, callbackUrl });
    const duplicate = await gateway
      .initialize({ email: 'b@example.com', amountKobo: 10_000, reference, callbackUrl })
      .catch((err: unknown) => err);
    expect(duplicate).toBeInstanceOf(PaymentGatewayError);
    expect(duplicate).toMatchObject({ httpStatus: 400, gatewayMessage: 'Duplicate Transaction Reference' });

    const missing = await gateway.verify('no-such-reference').catch((err: unknown) => err);
    expect(missing).toMatchObject({
      httpStatus: 400,
      gatewayMessage: 'Transaction reference not found',
      gatewayCode: 'transaction_not_found',
    });

    const badEmail = await gateway
      .initialize({ email: 'not-an-email', amountKobo: 10_000, reference: newReference(), callbackUrl })
      .catch((err: unknown) => err);
    expect(badEmail).toMatchObject({ httpStatus: 400, gatewayMessage: 'Invalid Email Address Passed' });
  });

  it('answers a wrong secret key as a 401 PaymentGatewayError', async () => {
    const wrong = createPaystack({ baseUrl: fake.url, secretKey: 'sk_test_wrong' });
    const error = await wrong
      .initialize({ email: 'b@example.com', amountKobo: 10_000, reference: newReference(), callbackUrl })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error).toMatchObject({ httpStatus: 401, gatewayMessage: 'Invalid key' });
  });

  it('answers a closed port, a timeout and a 5xx as PaymentGatewayUnreachableError', async () => {
    const closed = await startFakePaystack();
    const closedUrl = closed.url;
    await closed.close();
    const down = createPaystack({ baseUrl: closedUrl, secretKey: 'sk_test_x' });
    await expect(down.verify('any-ref')).rejects.toBeInstanceOf(PaymentGatewayUnreachableError);

    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const slow = createPaystack(
      { baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, secretKey: 'sk_test_x' },
      { timeoutMs: 100 },
    );
    const timedOut = await slow.verify('any-ref').catch((err: unknown) => err);
    expect(timedOut).toBeInstanceOf(PaymentGatewayUnreachableError);
    expect((timedOut as Error).message).toContain('no answer within 100 ms');
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));

    fake.failNext(503);
    await expect(gateway.verify('any-ref')).rejects.toBeInstanceOf(PaymentGatewayUnreachableError);

    const proxy = createServer((req, res) => {
      res.writeHead(req.url?.includes('html-ok') ? 200 : 502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const behindProxy = createPaystack({
      baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      secretKey: 'sk_test_x',
    });
    await expect(behindProxy.verify('any-ref')).rejects.toBeInstanceOf(PaymentGatewayUnreachableError);
    await expect(behindProxy.verify('html-ok')).rejects.toBeInstanceOf(PaymentGatewayUnreachableError);
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  });

  it('refunds part, then the rest, and refuses more than was paid', async () => {
    const reference = await paid(1_000_000);
    expect(
      await gateway.refund({ reference, amountKobo: 250_000, note: 'Seller short by 1 bag' }),
    ).toMatchObject({
      status: 'pending',
      amountKobo: 250_000,
      currency: 'NGN',
    });
    expect((await gateway.verify(reference)).status).toBe('success');

    const rest = await gateway.refund({ reference, note: 'Order declined' });
    expect(rest).toMatchObject({ status: 'pending', amountKobo: 750_000 });
    expect(fake.refunds.filter((r) => r.reference === reference).map((r) => r.amount)).toEqual([
      250_000, 750_000,
    ]);
    expect(await gateway.verify(reference)).toMatchObject({ status: 'reversed', amountKobo: 1_000_000 });

    const over = await gateway
      .refund({ reference, amountKobo: 1, note: 'Again' })
      .catch((err: unknown) => err);
    expect(over).toBeInstanceOf(PaymentGatewayError);
    expect(over).toMatchObject({ httpStatus: 400 });

    await fake.settled();
    const events = receiver.received.map(
      (r) => JSON.parse(r.body) as { event: string; data: { amount: number } },
    );
    expect(events.filter((e) => e.event.startsWith('refund.')).map((e) => [e.event, e.data.amount])).toEqual([
      ['refund.pending', 250_000],
      ['refund.processed', 250_000],
      ['refund.pending', 750_000],
      ['refund.processed', 750_000],
    ]);
    expect(fake.refunds.filter((r) => r.reference === reference).every((r) => r.status === 'processed')).toBe(
      true,
    );
  });

  it('refuses a partial refund over what is left of the payment', async () => {
    const reference = await paid(300_000);
    await gateway.refund({ reference, amountKobo: 200_000, note: 'Part' });
    await expect(gateway.refund({ reference, amountKobo: 100_001, note: 'Too much' })).rejects.toMatchObject({
      httpStatus: 400,
      gatewayMessage: 'Refund amount cannot be more than the unrefunded transaction amount',
    });
    await expect(gateway.refund({ reference, amountKobo: 100_000, note: 'Rest' })).resolves.toMatchObject({
      amountKobo: 100_000,
    });
  });

  it('refuses to refund a payment that was never made', async () => {
    const reference = newReference();
    await gateway.initialize({ email: 'b@example.com', amountKobo: 10_000, reference, callbackUrl });
    await expect(gateway.refund({ reference, note: 'x' })).rejects.toBeInstanceOf(PaymentGatewayError);
  });
});

describe('webhook signatures', () => {
  it('holds for the fake’s webhook and fails for anything altered, forged, missing or cut', async () => {
    await paid(420_000);
    await fake.settled();
    const { body, signature } = receiver.received.at(-1)!;
    expect(gateway.verifyWebhookSignature(body, signature)).toBe(true);
    expect(gateway.verifyWebhookSignature(Buffer.from(body, 'utf8'), signature)).toBe(true);

    expect(gateway.verifyWebhookSignature(body.replace('420000', '4200000'), signature)).toBe(false);
    expect(gateway.verifyWebhookSignature(`${body} `, signature)).toBe(false);
    expect(gateway.verifyWebhookSignature(body, null)).toBe(false);
    expect(gateway.verifyWebhookSignature(body, '')).toBe(false);
    expect(gateway.verifyWebhookSignature(body, signature!.slice(0, -1))).toBe(false);
    expect(gateway.verifyWebhookSignature(body, `${signature}0`)).toBe(false);
    expect(
      gateway.verifyWebhookSignature(
        body,
        signature!.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      ),
    ).toBe(false);
    expect(gateway.verifyWebhookSignature(body, signPaystackBody('sk_test_another_key', body))).toBe(false);
    // Same length in characters, more bytes: still refused, not thrown.
    expect(gateway.verifyWebhookSignature(body, `é${signature!.slice(1)}`)).toBe(false);
  });

  it('lets tests send forged, altered, unsigned and re-priced events', async () => {
    const check = (i: number) => {
      const { body, signature } = receiver.received[i]!;
      return {
        valid: gateway.verifyWebhookSignature(body, signature),
        amount: (JSON.parse(body) as { data: { amount: number } }).data.amount,
      };
    };
    fake.tamper({ signature: 'forged' });
    await paid(100_000);
    fake.tamper({ signature: 'altered' });
    await paid(100_000);
    fake.tamper({ signature: 'missing' });
    await paid(100_000);
    fake.tamper({ amountKobo: 1_000 });
    const reference = await paid(100_000);
    await fake.settled();
    expect([0, 1, 2, 3].map(check)).toEqual([
      { valid: false, amount: 100_000 },
      { valid: false, amount: 10_000_000 },
      { valid: false, amount: 100_000 },
      { valid: true, amount: 1_000 },
    ]);
    expect(receiver.received[2]!.signature).toBeNull();
    // The event lied about the amount; verify reports what was charged.
    expect((await gateway.verify(reference)).amountKobo).toBe(100_000);
  });

  it('charges another amount than initialized when a test asks, and verify says so', async () => {
    const reference = newReference();
    await gateway.initialize({ email: 'b@example.com', amountKobo: 500_000, reference, callbackUrl });
    await fake.pay(reference, { amountKobo: 5_000 });
    expect((await gateway.verify(reference)).amountKobo).toBe(5_000);
  });
});

describe('webhook delivery', () => {
  it('tries again until the receiver answers 200', async () => {
    receiver.answerNext(500, 503);
    const reference = await paid(77_700);
    const delivery = fake.webhooks.at(-1)!;
    expect(delivery).toMatchObject({ event: 'charge.success', attempts: [500, 503, 200], delivered: true });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ data: { reference, amount: 77_700 } });
  });

  it('gives up after three tries', async () => {
    receiver.answerNext(500, 500, 500);
    await paid(10_000);
    expect(fake.webhooks.at(-1)).toMatchObject({ attempts: [500, 500, 500], delivered: false });
  });

  it('resends the last webhook byte for byte', async () => {
    await paid(10_000);
    const again = await fake.resendLast();
    expect(again.delivered).toBe(true);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]).toEqual(receiver.received[0]);
  });
});

describe('banks and transfers on the fake', () => {
  const call = async (method: string, path: string, body?: unknown, key = fake.secretKey) => {
    const res = await fetch(`${fake.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { status: boolean; message: string; data: Record<string, unknown> },
    };
  };

  it('lists banks, resolves an account, creates a recipient and transfers from the balance', async () => {
    expect((await call('GET', '/bank', undefined, 'sk_test_wrong')).status).toBe(401);
    const banks = await call('GET', '/bank?country=nigeria&currency=NGN');
    expect(banks.body.data).toContainEqual(expect.objectContaining({ name: 'Zenith Bank', code: '057' }));

    const resolved = await call('GET', '/bank/resolve?account_number=0123456789&bank_code=057');
    expect(resolved.body).toMatchObject({ status: true, data: { account_number: '0123456789' } });
    const unknown = await call('GET', `/bank/resolve?account_number=${FAKE_UNKNOWN_ACCOUNT}&bank_code=057`);
    expect(unknown).toMatchObject({ status: 422, body: { status: false } });

    const recipient = await call('POST', '/transferrecipient', {
      type: 'nuban',
      name: 'Ada Farms',
      account_number: '0123456789',
      bank_code: '057',
      currency: 'NGN',
    });
    expect(recipient.status).toBe(201);
    const code = recipient.body.data.recipient_code as string;
    expect(code).toMatch(/^RCP_/);

    await paid(2_000_000);
    const tooMuch = await call('POST', '/transfer', {
      source: 'balance',
      amount: 1_000_000_000,
      recipient: code,
      reference: newReference(),
    });
    expect(tooMuch.status).toBe(400);
    const reference = newReference();
    const sent = await call('POST', '/transfer', {
      source: 'balance',
      amount: 1_500_000,
      recipient: code,
      reference,
    });
    expect(sent.body).toMatchObject({
      status: true,
      data: { amount: 1_500_000, status: 'pending', reference },
    });
    await fake.settled();
    expect(fake.transfers.at(-1)).toMatchObject({ amount: 1_500_000, status: 'success' });
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({
      event: 'transfer.success',
      data: { amount: 1_500_000, reference },
    });
  });
});

describe('banks, recipients and transfers through the gateway', () => {
  it('lists the banks as code and name, and resolves an account to its name', async () => {
    const banks = await gateway.listBanks();
    expect(banks).toContainEqual({ code: '057', name: 'Zenith Bank' });
    expect(banks.every((b) => Object.keys(b).sort().join() === 'code,name')).toBe(true);
    await expect(gateway.resolveAccount({ bankCode: '057', accountNumber: '0123456789' })).resolves.toEqual({
      accountNumber: '0123456789',
      accountName: 'FAKE ACCOUNT 6789',
    });
    const unknown = await gateway
      .resolveAccount({ bankCode: '057', accountNumber: FAKE_UNKNOWN_ACCOUNT })
      .catch((err: unknown) => err);
    expect(unknown).toBeInstanceOf(PaymentGatewayError);
    expect(unknown).toMatchObject({ httpStatus: 422 });
    await expect(gateway.resolveAccount({ bankCode: '057', accountNumber: '12345' })).rejects.toBeInstanceOf(
      RangeError,
    );
    fake.failNext(503);
    await expect(gateway.listBanks()).rejects.toBeInstanceOf(PaymentGatewayUnreachableError);
  });

  it('creates a recipient and transfers kobo with our reference; a repeated reference is refused', async () => {
    await paid(3_000_000);
    const { recipientCode } = await gateway.createRecipient({
      name: 'Ada Farms',
      accountNumber: '0123456789',
      bankCode: '057',
    });
    expect(fake.recipients.at(-1)).toMatchObject({
      recipientCode,
      accountNumber: '0123456789',
      bankCode: '057',
    });
    const reference = newReference();
    const sent = await gateway.transfer({
      amountKobo: 1_234_500,
      recipientCode,
      reference,
      reason: 'Gona order White maize',
    });
    expect(sent).toMatchObject({ status: 'pending', reference, amountKobo: 1_234_500 });
    expect(sent.transferCode).toMatch(/^TRF_/);
    expect(fake.transfers.at(-1)).toMatchObject({
      reference,
      amount: 1_234_500,
      reason: 'Gona order White maize',
    });
    const again = await gateway
      .transfer({ amountKobo: 1_234_500, recipientCode, reference, reason: 'again' })
      .catch((err: unknown) => err);
    expect(again).toMatchObject({ httpStatus: 400 });
    expect(fake.transfers.filter((t) => t.reference === reference)).toHaveLength(1);
    await expect(
      gateway.transfer({ amountKobo: 10.5, recipientCode, reference: newReference(), reason: 'x' }),
    ).rejects.toBeInstanceOf(RangeError);
  });

  it('ends transfers in transfer.failed or transfer.reversed when a test says so, giving the money back', async () => {
    await paid(1_000_000);
    const { recipientCode } = await gateway.createRecipient({
      name: 'Ada Farms',
      accountNumber: '0123456789',
      bankCode: '057',
    });
    fake.failNextTransfer('failed', 'reversed');
    const events: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reference = newReference();
      await gateway.transfer({ amountKobo: 900_000, recipientCode, reference, reason: 'x' });
      await fake.settled();
      const last = JSON.parse(receiver.received.at(-1)!.body) as {
        event: string;
        data: { reference: string };
      };
      expect(last.data.reference).toBe(reference);
      expect(receiver.received.at(-1)!.signature).toBe(
        signPaystackBody(fake.secretKey, receiver.received.at(-1)!.body),
      );
      events.push(last.event);
    }
    expect(events).toEqual(['transfer.failed', 'transfer.reversed', 'transfer.success']);
    expect(fake.transfers.slice(-3).map((t) => t.status)).toEqual(['failed', 'reversed', 'success']);
  });
});

describe('configuration', () => {
  it('has no gateway without a secret key, and Paystack’s address by default', () => {
    const base = { AUTH_SECRET: 'a'.repeat(32) };
    expect(loadConfig(base).paystack).toBeNull();
    expect(createPaymentGateway(loadConfig(base).paystack)).toBeNull();
    expect(loadConfig({ ...base, PAYSTACK_SECRET_KEY: 'sk_test_abc' }).paystack).toEqual({
      baseUrl: 'https://api.paystack.co',
      secretKey: 'sk_test_abc',
    });
    expect(
      loadConfig({ ...base, PAYSTACK_SECRET_KEY: 'sk_test_abc', PAYSTACK_BASE_URL: 'http://127.0.0.1:4030/' })
        .paystack,
    ).toEqual({ baseUrl: 'http://127.0.0.1:4030', secretKey: 'sk_test_abc' });
    expect(() => loadConfig({ ...base, PAYSTACK_BASE_URL: 'ftp://x' })).toThrow(/PAYSTACK_BASE_URL/);
    expect(() =>
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        PAYSTACK_SECRET_KEY: 'sk_live_abc',
        PAYSTACK_BASE_URL: 'http://api.example.com',
      }),
    ).toThrow(/PAYSTACK_BASE_URL/);
  });
});
