import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signPaystackBody } from './payments';

/**
 * A stand-in for Paystack that speaks its REST API: `Authorization: Bearer <secret key>`, JSON
 * bodies, answers in `{ status, message, data }` and errors as `{ status: false, message }` with
 * Paystack's words. Amounts are kobo. It implements what Gona uses: POST /transaction/initialize,
 * GET /transaction/verify/:reference, GET /transaction (the list: status, from, to, page, perPage), POST /refund, GET /bank, GET /bank/resolve,
 * POST /transferrecipient and POST /transfer, the plans, subscriptions and customers of Gona Pro
 * (POST/GET /plan, POST /subscription, GET /subscription/:code, POST /subscription/disable,
 * POST /customer, GET /customer/:code with its subscriptions), and a checkout page at each authorization_url
 * (GET /checkout/:access_code) with Pay and Decline buttons that send the browser back to the
 * callback URL. Transfers end in transfer.success unless a test says failed or reversed
 * (`failNextTransfer`). It sends webhooks signed as Paystack does (x-paystack-signature, HMAC-SHA512 hex of
 * the body with the secret key) to `webhookUrl`, trying again until it is answered 200.
 *
 * Tests start it on a free port; developers run it (`npm run payments:fake -w @gona/server`) and
 * point PAYSTACK_BASE_URL at it with its secret key.
 */
export type FakeTransaction = {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  /** Kobo asked for at initialize. */
  amount: number;
  /** Kobo charged (differs from `amount` only when a test pays another amount). */
  paidAmount: number | null;
  currency: string;
  callbackUrl: string | null;
  metadata: unknown;
  status: 'ongoing' | 'success' | 'failed' | 'abandoned' | 'reversed';
  gatewayResponse: string | null;
  paidAt: string | null;
  createdAt: string;
  /** Kobo refunded so far. */
  refunded: number;
  /** The plan initialized with (PLN_…): paying it subscribes the customer. */
  planCode: string | null;
  channel: string;
};

export type FakePlan = { id: number; planCode: string; name: string; amount: number; interval: string };

export type FakeCustomer = {
  id: number;
  customerCode: string;
  email: string;
  authorizationCode: string | null;
};

export type FakeSubscription = {
  id: number;
  subscriptionCode: string;
  emailToken: string;
  customerCode: string;
  planCode: string;
  /** active; non-renewing once disabled; attention after a failed renewal; complete when it ended. */
  status: 'active' | 'non-renewing' | 'attention' | 'complete' | 'cancelled';
  nextPaymentDate: string;
  createdAt: string;
};

export type FakeRefund = {
  id: number;
  reference: string;
  amount: number;
  status: 'pending' | 'processed';
  merchantNote: string | null;
};

export type FakeRecipient = {
  id: number;
  recipientCode: string;
  name: string;
  accountNumber: string;
  bankCode: string;
};

export type FakeTransfer = {
  id: number;
  transferCode: string;
  reference: string;
  amount: number;
  recipientCode: string;
  reason: string | null;
  /** failed and reversed give the money back to the balance. */
  status: 'pending' | 'success' | 'failed' | 'reversed';
};

/** How a transfer ends: its webhook is transfer.success, transfer.failed or transfer.reversed. */
export type TransferOutcome = 'success' | 'failed' | 'reversed';

export type WebhookDelivery = {
  event: string;
  /** The exact bytes sent. */
  body: string;
  /** The x-paystack-signature sent; null when the test asked for none. */
  signature: string | null;
  /** One entry per try: the HTTP status answered, or the error when none came. */
  attempts: (number | string)[];
  delivered: boolean;
};

/** How the next webhook is spoiled, to prove the app ignores it. */
export type WebhookTamper = {
  /** `forged`: signed with another key; `altered`: signed, then the body changed; `missing`: no header. */
  signature?: 'forged' | 'altered' | 'missing';
  /** The event says this amount (kobo) instead of the real one (signed, unless `signature` says otherwise). */
  amountKobo?: number;
};

export type FakePaystack = {
  /** The base URL for PAYSTACK_BASE_URL. */
  url: string;
  secretKey: string;
  transactions: FakeTransaction[];
  refunds: FakeRefund[];
  recipients: FakeRecipient[];
  transfers: FakeTransfer[];
  webhooks: WebhookDelivery[];
  plans: FakePlan[];
  customers: FakeCustomer[];
  subscriptions: FakeSubscription[];
  /**
   * Renews every active subscription whose next payment is due by the clock: invoice.create, then
   * the card is charged (charge.success and invoice.update paid) or, when `failNextRenewals` said so,
   * not (invoice.payment_failed, the subscription needs attention). Waits for the webhooks.
   */
  renewDue: (options?: {
    /** Only these subscriptions (codes); all that are due when omitted. */
    only?: string[];
    /** These subscriptions' renewals fail. */
    fail?: string[];
  }) => Promise<{ renewed: number; failed: number }>;
  /** The next `count` renewals fail (invoice.payment_failed). */
  failNextRenewals: (count?: number) => void;
  /**
   * A card subscription made without a checkout (a farm seeded in a test): its customer, saved card
   * and subscription, as after a paid first charge. No webhook is sent.
   */
  seedSubscription: (input: { email: string; planCode: string; nextPaymentDate: Date }) => FakeSubscription;
  /** Keeps webhooks instead of sending them, until `release`. */
  holdWebhooks: () => void;
  /** Sends the webhooks kept (in the order they happened, or the reverse) and waits for them. */
  releaseWebhooks: (options?: { reverse?: boolean }) => Promise<void>;
  /** Where webhooks go; null sends none. */
  setWebhookUrl: (url: string | null) => void;
  /** The next API request (not the checkout page) is answered with this HTTP status. */
  failNext: (status: number) => void;
  /** Spoils the next webhook sent. */
  tamper: (options: WebhookTamper) => void;
  /** The next POST /refund is refused (400) with Paystack's words for a refund it cannot make. */
  refuseNextRefund: () => void;
  /**
   * How the next transfers end (one outcome per transfer, in order; then success again): their
   * webhook is transfer.failed or transfer.reversed instead of transfer.success.
   */
  failNextTransfer: (...outcomes: Exclude<TransferOutcome, 'success'>[]) => void;
  /**
   * Completes a payment as the checkout's Pay button does and waits for its charge.success webhook
   * (every try). `amountKobo` charges another amount than was initialized, `currency` another
   * currency. A declined or abandoned payment may still complete (a retry on its checkout, a bank
   * transfer or USSD payment confirmed late), as on Paystack.
   */
  pay: (
    reference: string,
    options?: {
      amountKobo?: number;
      currency?: string;
      channel?: 'card' | 'bank_transfer' | 'ussd' | 'bank';
    },
  ) => Promise<void>;
  /** Declines a payment as the checkout's Decline button does. */
  decline: (reference: string) => void;
  /** Sends the last webhook again, byte for byte, and waits for it. */
  resendLast: () => Promise<WebhookDelivery>;
  /** Waits until every webhook under way has been delivered or given up. */
  settled: () => Promise<void>;
  close: () => Promise<void>;
};

const DEFAULT_SECRET_KEY = 'sk_test_gona_fake_paystack';
const REFERENCE = /^[A-Za-z0-9.=-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A few Nigerian banks as GET /bank lists them. */
const BANKS = [
  { id: 1, name: 'Access Bank', slug: 'access-bank', code: '044', longcode: '044150149' },
  { id: 7, name: 'Fidelity Bank', slug: 'fidelity-bank', code: '070', longcode: '070150003' },
  { id: 6, name: 'First Bank of Nigeria', slug: 'first-bank-of-nigeria', code: '011', longcode: '011151003' },
  { id: 9, name: 'Guaranty Trust Bank', slug: 'guaranty-trust-bank', code: '058', longcode: '058152036' },
  { id: 171, name: 'OPay Digital Services Limited (OPay)', slug: 'paycom', code: '999992', longcode: '' },
  {
    id: 21,
    name: 'United Bank For Africa',
    slug: 'united-bank-for-africa',
    code: '033',
    longcode: '033153513',
  },
  { id: 23, name: 'Zenith Bank', slug: 'zenith-bank', code: '057', longcode: '057150013' },
].map((bank) => ({
  ...bank,
  gateway: 'emandate',
  pay_with_bank: false,
  active: true,
  is_deleted: false,
  country: 'Nigeria',
  currency: 'NGN',
  type: 'nuban',
  createdAt: '2016-07-14T10:04:29.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
}));

/** An account number that resolves to nobody, as Paystack answers an unknown one. */
export const FAKE_UNKNOWN_ACCOUNT = '0000000000';

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startFakePaystack(
  options: {
    port?: number;
    secretKey?: string;
    webhookUrl?: string | null;
    /** Waits before the 2nd, 3rd … try of a webhook; its length + 1 is the number of tries. */
    webhookRetryDelaysMs?: number[];
    /** Told about each webhook try, for the developer's console. */
    onWebhook?: (delivery: WebhookDelivery) => void;
    /** The clock of times it reports (paid_at, next_payment_date): the app's, in tests. */
    now?: () => number;
    /**
     * How many webhooks may be under way at once (default 1: all in order). Renewals keep each
     * subscription's events on one lane, in order.
     */
    webhookLanes?: number;
  } = {},
): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const retryDelays = options.webhookRetryDelaysMs ?? [1_000, 5_000];
  let webhookUrl = options.webhookUrl ?? null;
  let failures: number[] = [];
  let nextTamper: WebhookTamper | null = null;
  let refuseRefund = false;
  let transferOutcomes: TransferOutcome[] = [];
  // Paystack's ids are unique across its accounts; a fake started again (another test file, a dev
  // restart on the same database) must not reuse the ids of payment events already kept.
  let nextId = randomInt(1_000_001, 2 ** 47);
  const clock = options.now ?? (() => Date.now());
  const iso = () => new Date(clock()).toISOString();
  const plans: FakePlan[] = [];
  const customers: FakeCustomer[] = [];
  const subscriptions: FakeSubscription[] = [];
  let renewalFailures = 0;
  let held: { event: string; data: Record<string, unknown> }[] | null = null;
  // Webhooks go out in order, one at a time, on each lane: one lane unless a test asks for more
  // (a subscription's events then keep their lane, so they stay in order among themselves).
  const lanes: Promise<unknown>[] = Array.from({ length: Math.max(1, options.webhookLanes ?? 1) }, () =>
    Promise.resolve(),
  );
  const transactions: FakeTransaction[] = [];
  const refunds: FakeRefund[] = [];
  const recipients: FakeRecipient[] = [];
  const transfers: FakeTransfer[] = [];
  const webhooks: WebhookDelivery[] = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof Refusal) return json(res, err.status, { status: false, message: err.message });
      return json(res, 500, { status: false, message: 'An error occurred' });
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const at = new URL(req.url ?? '/', url);
    const path = at.pathname;
    const checkout = /^\/checkout\/([A-Za-z0-9]+)(\/pay|\/decline)?$/.exec(path);
    if (checkout) return checkoutPage(req, res, checkout[1]!, checkout[2]);

    const failure = failures.shift();
    if (failure) return json(res, failure, { status: false, message: 'Service unavailable' });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return json(res, 401, { status: false, message: 'Invalid key' });

    if (req.method === 'POST' && path === '/transaction/initialize') return initialize(res, await body(req));
    if (req.method === 'GET' && path === '/transaction') return list(res, at.searchParams);
    const verifying = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && verifying) return verify(res, decodeURIComponent(verifying[1]!));
    if (req.method === 'POST' && path === '/refund') return refund(res, await body(req));
    if (req.method === 'GET' && path === '/bank')
      return json(res, 200, {
        status: true,
        message: 'Banks retrieved',
        data: BANKS,
        meta: { next: null, previous: null, perPage: 50 },
      });
    if (req.method === 'GET' && path === '/bank/resolve') return resolveAccount(res, at.searchParams);
    if (req.method === 'POST' && path === '/transferrecipient') return createRecipient(res, await body(req));
    if (req.method === 'POST' && path === '/transfer') return transfer(res, await body(req));
    if (req.method === 'POST' && path === '/plan') return createPlan(res, await body(req));
    if (req.method === 'GET' && path === '/plan') return listPlans(res, at.searchParams);
    if (req.method === 'POST' && path === '/customer') return createCustomer(res, await body(req));
    const customerAt = /^\/customer\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && customerAt) return fetchCustomer(res, decodeURIComponent(customerAt[1]!));
    if (req.method === 'POST' && path === '/subscription') return createSubscription(res, await body(req));
    if (req.method === 'POST' && path === '/subscription/disable')
      return disableSubscription(res, await body(req));
    const subscriptionAt = /^\/subscription\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && subscriptionAt)
      return fetchSubscription(res, decodeURIComponent(subscriptionAt[1]!));
    return json(res, 404, { status: false, message: 'Route not found' });
  }

  function initialize(res: ServerResponse, input: Record<string, unknown>) {
    const email = typeof input.email === 'string' ? input.email.trim() : '';
    if (!EMAIL.test(email)) throw new Refusal(400, 'Invalid Email Address Passed');
    const plan =
      typeof input.plan === 'string' && input.plan ? plans.find((p) => p.planCode === input.plan) : null;
    if (input.plan && !plan) throw new Refusal(400, 'Plan not found');
    // As on Paystack, a plan's amount overrides the one sent.
    const amount = plan ? plan.amount : koboOf(input.amount);
    if (amount === null) throw new Refusal(400, 'Invalid Amount Sent');
    const currency = input.currency === undefined ? 'NGN' : input.currency;
    if (currency !== 'NGN') throw new Refusal(400, 'Currency not supported by merchant');
    const reference =
      input.reference === undefined
        ? randomBytes(6).toString('hex')
        : typeof input.reference === 'string'
          ? input.reference
          : '';
    if (!REFERENCE.test(reference))
      throw new Refusal(400, 'Only -, ., = and alphanumeric characters allowed in reference');
    if (transactions.some((t) => t.reference === reference))
      throw new Refusal(400, 'Duplicate Transaction Reference');
    const accessCode = randomBytes(8).toString('hex');
    transactions.push({
      id: nextId++,
      reference,
      accessCode,
      email,
      amount,
      paidAmount: null,
      currency: 'NGN',
      callbackUrl: typeof input.callback_url === 'string' ? input.callback_url : null,
      metadata: input.metadata ?? null,
      status: 'ongoing',
      gatewayResponse: null,
      paidAt: null,
      createdAt: iso(),
      refunded: 0,
      planCode: plan?.planCode ?? null,
      channel: 'card',
    });
    customerOf(email);
    return json(res, 200, {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${url}/checkout/${accessCode}`, access_code: accessCode, reference },
    });
  }

  function verify(res: ServerResponse, reference: string) {
    const transaction = transactions.find((t) => t.reference === reference);
    if (!transaction)
      return json(res, 400, {
        status: false,
        message: 'Transaction reference not found',
        type: 'validation_error',
        code: 'transaction_not_found',
      });
    return json(res, 200, {
      status: true,
      message: 'Verification successful',
      data: transactionData(transaction),
    });
  }

  /**
   * GET /transaction as Paystack answers it: newest first, filtered by `status` and by creation time
   * (`from`, `to`: ISO times or days), `perPage` (default 50) a `page` (from 1), with `meta`.
   */
  function list(res: ServerResponse, params: URLSearchParams) {
    const time = (name: string) => {
      const value = params.get(name);
      if (value === null) return null;
      const at = Date.parse(value);
      if (Number.isNaN(at)) throw new Refusal(400, `Invalid ${name} date`);
      return at;
    };
    const from = time('from');
    const to = time('to');
    const status = params.get('status');
    const perPage = Math.min(Math.max(Number(params.get('perPage') ?? 50) || 50, 1), 1000);
    const pageNumber = Math.max(Number(params.get('page') ?? 1) || 1, 1);
    const matching = transactions
      .filter((t) => !status || t.status === status)
      .filter(
        (t) =>
          (from === null || Date.parse(t.createdAt) >= from) &&
          (to === null || Date.parse(t.createdAt) <= to),
      )
      .reverse();
    const pageOf = matching.slice((pageNumber - 1) * perPage, pageNumber * perPage);
    return json(res, 200, {
      status: true,
      message: 'Transactions retrieved',
      data: pageOf.map(transactionData),
      meta: {
        total: matching.length,
        total_volume: matching.reduce((sum, t) => sum + (t.paidAmount ?? 0), 0),
        skipped: (pageNumber - 1) * perPage,
        perPage,
        page: pageNumber,
        pageCount: Math.ceil(matching.length / perPage),
      },
    });
  }

  function refund(res: ServerResponse, input: Record<string, unknown>) {
    if (refuseRefund) {
      refuseRefund = false;
      throw new Refusal(400, 'Refund cannot be processed for this transaction. Contact support.');
    }
    const key = typeof input.transaction === 'number' ? String(input.transaction) : input.transaction;
    const transaction = transactions.find((t) => t.reference === key || String(t.id) === key);
    if (!transaction) throw new Refusal(404, 'Transaction not found');
    if (transaction.status === 'reversed') throw new Refusal(400, 'Transaction has been fully reversed');
    if (transaction.status !== 'success')
      throw new Refusal(400, 'Cannot refund a transaction that is not successful');
    const paid = transaction.paidAmount ?? transaction.amount;
    const left = paid - transaction.refunded;
    const amount = input.amount === undefined ? left : koboOf(input.amount);
    if (amount === null) throw new Refusal(400, 'Invalid Amount Sent');
    if (amount > left)
      throw new Refusal(400, 'Refund amount cannot be more than the unrefunded transaction amount');
    transaction.refunded += amount;
    if (transaction.refunded === paid) transaction.status = 'reversed';
    const record: FakeRefund = {
      id: nextId++,
      reference: transaction.reference,
      amount,
      status: 'pending',
      merchantNote: typeof input.merchant_note === 'string' ? input.merchant_note : null,
    };
    refunds.push(record);
    const now = new Date();
    const data = {
      transaction: transactionData(transaction),
      integration: 100_001,
      deducted_amount: amount,
      channel: null,
      merchant_note: record.merchantNote,
      customer_note: typeof input.customer_note === 'string' ? input.customer_note : 'Refund',
      status: 'pending',
      refunded_by: 'fake@gona.ng',
      expected_at: new Date(now.getTime() + 5 * 86_400_000).toISOString(),
      currency: 'NGN',
      domain: 'test',
      amount,
      fully_deducted: true,
      id: record.id,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    const refundEvent = (status: 'pending' | 'processed') => ({
      status,
      transaction_reference: transaction.reference,
      refund_reference: `RF_${record.id}`,
      amount,
      currency: 'NGN',
      processor: 'fake',
      customer: { email: transaction.email },
      integration: 100_001,
      domain: 'test',
      id: record.id,
    });
    void send('refund.pending', refundEvent('pending'));
    void send('refund.processed', refundEvent('processed')).then(() => (record.status = 'processed'));
    return json(res, 200, { status: true, message: 'Refund has been queued for processing', data });
  }

  function resolveAccount(res: ServerResponse, params: URLSearchParams) {
    const accountNumber = params.get('account_number') ?? '';
    const bankCode = params.get('bank_code') ?? '';
    if (!bankCode || !BANKS.some((b) => b.code === bankCode))
      throw new Refusal(422, 'Unknown bank code: ' + bankCode);
    if (!/^\d{10}$/.test(accountNumber) || accountNumber === FAKE_UNKNOWN_ACCOUNT)
      throw new Refusal(422, 'Could not resolve account name. Check parameters or try again.');
    return json(res, 200, {
      status: true,
      message: 'Account number resolved',
      data: {
        account_number: accountNumber,
        account_name: accountName(accountNumber),
        bank_id: bankOf(bankCode).id,
      },
    });
  }

  function createRecipient(res: ServerResponse, input: Record<string, unknown>) {
    const accountNumber = typeof input.account_number === 'string' ? input.account_number : '';
    const bankCode = typeof input.bank_code === 'string' ? input.bank_code : '';
    if (input.type !== 'nuban') throw new Refusal(400, 'Invalid type');
    if (!BANKS.some((b) => b.code === bankCode)) throw new Refusal(400, 'Invalid bank code');
    if (!/^\d{10}$/.test(accountNumber) || accountNumber === FAKE_UNKNOWN_ACCOUNT)
      throw new Refusal(422, 'Cannot resolve account');
    const recipient: FakeRecipient = {
      id: nextId++,
      recipientCode: `RCP_${randomBytes(8).toString('hex')}`,
      name: typeof input.name === 'string' && input.name ? input.name : accountName(accountNumber),
      accountNumber,
      bankCode,
    };
    recipients.push(recipient);
    const now = new Date().toISOString();
    return json(res, 201, {
      status: true,
      message: 'Transfer recipient created successfully',
      data: {
        active: true,
        createdAt: now,
        currency: 'NGN',
        domain: 'test',
        id: recipient.id,
        integration: 100_001,
        name: recipient.name,
        recipient_code: recipient.recipientCode,
        type: 'nuban',
        updatedAt: now,
        is_deleted: false,
        details: {
          authorization_code: null,
          account_number: accountNumber,
          account_name: accountName(accountNumber),
          bank_code: bankCode,
          bank_name: bankOf(bankCode).name,
        },
      },
    });
  }

  function transfer(res: ServerResponse, input: Record<string, unknown>) {
    if (input.source !== 'balance') throw new Refusal(400, 'Invalid source');
    const amount = koboOf(input.amount);
    if (amount === null) throw new Refusal(400, 'Invalid Amount Sent');
    const recipient = recipients.find((r) => r.recipientCode === input.recipient);
    if (!recipient) throw new Refusal(400, 'Recipient specified is invalid');
    const reference = typeof input.reference === 'string' ? input.reference : randomBytes(8).toString('hex');
    if (transfers.some((t) => t.reference === reference))
      throw new Refusal(400, 'Transfer reference already exists');
    if (amount > balance()) throw new Refusal(400, 'Your balance is not enough to fulfil this request');
    const record: FakeTransfer = {
      id: nextId++,
      transferCode: `TRF_${randomBytes(8).toString('hex')}`,
      reference,
      amount,
      recipientCode: recipient.recipientCode,
      reason: typeof input.reason === 'string' ? input.reason : null,
      status: 'pending',
    };
    transfers.push(record);
    const data = (status: string) => ({
      integration: 100_001,
      domain: 'test',
      amount,
      currency: 'NGN',
      source: 'balance',
      reason: record.reason,
      recipient: { recipient_code: recipient.recipientCode, name: recipient.name },
      status,
      transfer_code: record.transferCode,
      reference,
      id: record.id,
      createdAt: new Date().toISOString(),
    });
    const outcome = transferOutcomes.shift() ?? 'success';
    if (outcome !== 'success') record.status = outcome;
    const failure =
      outcome === 'failed'
        ? { gateway_response: 'Account number is invalid' }
        : outcome === 'reversed'
          ? { gateway_response: 'Transfer reversed by the bank' }
          : {};
    void send(`transfer.${outcome}`, { ...data(outcome), ...failure }).then(() => {
      if (outcome === 'success') record.status = 'success';
    });
    return json(res, 200, { status: true, message: 'Transfer has been queued', data: data('pending') });
  }

  /** What the fake account holds: payments in, less refunds and transfers out. */
  function balance(): number {
    const paid = transactions.reduce((sum, t) => sum + (t.paidAmount ?? 0) - t.refunded, 0);
    return (
      paid -
      transfers.reduce((sum, t) => sum + (t.status === 'failed' || t.status === 'reversed' ? 0 : t.amount), 0)
    );
  }

  async function checkoutPage(
    req: IncomingMessage,
    res: ServerResponse,
    accessCode: string,
    action?: string,
  ) {
    const transaction = transactions.find((t) => t.accessCode === accessCode);
    if (!transaction)
      return html(res, 404, page('Payment not found', '<p>This payment link is not valid.</p>'));
    // As on Paystack, a checkout whose try failed or was left may still be paid (another card, a
    // bank transfer confirmed late); a paid or refunded one is closed.
    const payable = ['ongoing', 'failed', 'abandoned'].includes(transaction.status);
    if (req.method === 'GET' && !action) {
      if (!payable)
        return html(res, 200, page('Payment closed', `<p>This payment is ${transaction.status}.</p>`));
      return html(
        res,
        200,
        page(
          'Pay with Paystack (fake)',
          `<p>${escapeHtml(transaction.email)}</p>
<p class="amount">Pay <strong>${naira(transaction.amount)}</strong></p>
<form method="post" action="/checkout/${accessCode}/pay"><button type="submit">Pay ${naira(transaction.amount)}</button></form>${
            transaction.planCode
              ? ''
              : `
<form method="post" action="/checkout/${accessCode}/pay?channel=bank_transfer"><button type="submit">Pay by bank transfer</button></form>`
          }
<form method="post" action="/checkout/${accessCode}/decline"><button type="submit" class="decline">Decline</button></form>`,
        ),
      );
    }
    if (req.method !== 'POST' || !action)
      return html(res, 405, page('Not allowed', '<p>Use the buttons.</p>'));
    await body(req).catch(() => ({}));
    if (payable) {
      const channel = new URL(req.url ?? '/', url).searchParams.get('channel');
      if (action === '/pay')
        void complete(
          transaction,
          undefined,
          undefined,
          channel === 'bank_transfer' ? 'bank_transfer' : undefined,
        );
      else refuse(transaction);
    }
    if (!transaction.callbackUrl)
      return html(res, 200, page('Payment finished', `<p>This payment is ${transaction.status}.</p>`));
    const back = new URL(transaction.callbackUrl);
    back.searchParams.set('trxref', transaction.reference);
    back.searchParams.set('reference', transaction.reference);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function complete(
    transaction: FakeTransaction,
    amountKobo?: number,
    currency?: string,
    channel?: string,
  ): Promise<void> {
    transaction.status = 'success';
    transaction.gatewayResponse = 'Successful';
    transaction.paidAmount = amountKobo ?? transaction.amount;
    if (currency) transaction.currency = currency;
    if (channel) transaction.channel = channel;
    transaction.paidAt = iso();
    const customer = customerOf(transaction.email);
    if (transaction.channel === 'card') customer.authorizationCode = `AUTH_${transaction.id}`;
    const charged = send('charge.success', transactionData(transaction));
    // A paid first charge of a plan subscribes the card to it, renewing a plan interval later.
    if (!transaction.planCode || transaction.channel !== 'card') return charged.then(() => undefined);
    const subscription = subscribe(customer, transaction.planCode);
    return Promise.all([charged, send('subscription.create', subscriptionData(subscription))]).then(
      () => undefined,
    );
  }

  function customerOf(email: string): FakeCustomer {
    const known = customers.find((c) => c.email === email);
    if (known) return known;
    const customer: FakeCustomer = {
      id: nextId++,
      customerCode: `CUS_${randomBytes(8).toString('hex')}`,
      email,
      authorizationCode: null,
    };
    customers.push(customer);
    return customer;
  }

  function planByCode(code: unknown): FakePlan | null {
    return plans.find((p) => p.planCode === code) ?? null;
  }

  function subscribe(customer: FakeCustomer, planCode: string, start?: Date): FakeSubscription {
    const plan = planByCode(planCode)!;
    const subscription: FakeSubscription = {
      id: nextId++,
      subscriptionCode: `SUB_${randomBytes(8).toString('hex')}`,
      emailToken: randomBytes(8).toString('hex'),
      customerCode: customer.customerCode,
      planCode,
      status: 'active',
      nextPaymentDate: (start ?? addInterval(new Date(clock()), plan.interval)).toISOString(),
      createdAt: iso(),
    };
    subscriptions.push(subscription);
    return subscription;
  }

  function planData(plan: FakePlan) {
    return {
      id: plan.id,
      name: plan.name,
      plan_code: plan.planCode,
      amount: plan.amount,
      interval: plan.interval,
      currency: 'NGN',
      send_invoices: true,
      send_sms: true,
      integration: 100_001,
      domain: 'test',
    };
  }

  function customerData(customer: FakeCustomer) {
    return { id: customer.id, customer_code: customer.customerCode, email: customer.email };
  }

  function subscriptionData(subscription: FakeSubscription) {
    const customer = customers.find((c) => c.customerCode === subscription.customerCode)!;
    const plan = planByCode(subscription.planCode)!;
    return {
      id: subscription.id,
      domain: 'test',
      status: subscription.status,
      subscription_code: subscription.subscriptionCode,
      email_token: subscription.emailToken,
      amount: plan.amount,
      cron_expression: '0 0 28 11 *',
      next_payment_date: subscription.status === 'active' ? subscription.nextPaymentDate : null,
      open_invoice: null,
      createdAt: subscription.createdAt,
      plan: planData(plan),
      customer: customerData(customer),
      authorization: customer.authorizationCode
        ? { authorization_code: customer.authorizationCode, channel: 'card', last4: '4081', reusable: true }
        : {},
    };
  }

  function createPlan(res: ServerResponse, input: Record<string, unknown>) {
    const amount = koboOf(input.amount);
    if (amount === null) throw new Refusal(400, 'Invalid Amount Sent');
    const intervals = ['hourly', 'daily', 'weekly', 'monthly', 'quarterly', 'biannually', 'annually'];
    if (typeof input.interval !== 'string' || !intervals.includes(input.interval))
      throw new Refusal(400, 'Invalid interval');
    if (typeof input.name !== 'string' || !input.name) throw new Refusal(400, 'Name is required');
    const plan: FakePlan = {
      id: nextId++,
      planCode: `PLN_${randomBytes(7).toString('hex')}`,
      name: input.name,
      amount,
      interval: input.interval,
    };
    plans.push(plan);
    return json(res, 201, { status: true, message: 'Plan created', data: planData(plan) });
  }

  function listPlans(res: ServerResponse, params: URLSearchParams) {
    const amount = params.get('amount');
    const interval = params.get('interval');
    const found = plans.filter(
      (p) =>
        (amount === null || String(p.amount) === amount) && (interval === null || p.interval === interval),
    );
    return json(res, 200, {
      status: true,
      message: 'Plans retrieved',
      data: found.map(planData),
      meta: { total: found.length, skipped: 0, perPage: 50, page: 1, pageCount: 1 },
    });
  }

  function createCustomer(res: ServerResponse, input: Record<string, unknown>) {
    const email = typeof input.email === 'string' ? input.email.trim() : '';
    if (!EMAIL.test(email)) throw new Refusal(400, 'Invalid Email Address Passed');
    return json(res, 200, {
      status: true,
      message: 'Customer created',
      data: customerData(customerOf(email)),
    });
  }

  function fetchCustomer(res: ServerResponse, key: string) {
    const customer = customers.find((c) => c.customerCode === key || c.email === key);
    if (!customer) throw new Refusal(404, 'Customer not found');
    return json(res, 200, {
      status: true,
      message: 'Customer retrieved',
      data: {
        ...customerData(customer),
        subscriptions: subscriptions
          .filter((s) => s.customerCode === customer.customerCode)
          .map(subscriptionData),
      },
    });
  }

  function createSubscription(res: ServerResponse, input: Record<string, unknown>) {
    const customer = customers.find((c) => c.customerCode === input.customer || c.email === input.customer);
    if (!customer) throw new Refusal(400, 'Customer not found');
    const plan = planByCode(input.plan);
    if (!plan) throw new Refusal(400, 'Plan not found');
    if (!customer.authorizationCode) throw new Refusal(404, 'This customer has no saved authorizations');
    const start = typeof input.start_date === 'string' ? new Date(input.start_date) : undefined;
    const subscription = subscribe(customer, plan.planCode, start);
    void send('subscription.create', subscriptionData(subscription));
    return json(res, 200, {
      status: true,
      message: 'Subscription successfully created',
      data: subscriptionData(subscription),
    });
  }

  function fetchSubscription(res: ServerResponse, code: string) {
    const subscription = subscriptions.find((s) => s.subscriptionCode === code || String(s.id) === code);
    if (!subscription) throw new Refusal(404, 'Subscription not found');
    return json(res, 200, {
      status: true,
      message: 'Subscription retrieved successfully',
      data: subscriptionData(subscription),
    });
  }

  function disableSubscription(res: ServerResponse, input: Record<string, unknown>) {
    const subscription = subscriptions.find(
      (s) => s.subscriptionCode === input.code && s.emailToken === input.token,
    );
    if (!subscription) throw new Refusal(400, 'Subscription with code not found or already inactive');
    if (subscription.status !== 'active' && subscription.status !== 'attention')
      throw new Refusal(400, 'Subscription with code not found or already inactive');
    subscription.status = 'non-renewing';
    void send('subscription.disable', subscriptionData(subscription));
    return json(res, 200, { status: true, message: 'Subscription disabled successfully' });
  }

  async function renewDue(
    which: { only?: string[]; fail?: string[] } = {},
  ): Promise<{ renewed: number; failed: number }> {
    let renewed = 0;
    let failed = 0;
    const now = clock();
    const sent: Promise<unknown>[] = [];
    for (const subscription of subscriptions) {
      if (which.only && !which.only.includes(subscription.subscriptionCode)) continue;
      if (subscription.status === 'non-renewing' && Date.parse(subscription.nextPaymentDate) <= now) {
        subscription.status = 'complete';
        continue;
      }
      if (subscription.status !== 'active' || Date.parse(subscription.nextPaymentDate) > now) continue;
      const customer = customers.find((c) => c.customerCode === subscription.customerCode)!;
      const plan = planByCode(subscription.planCode)!;
      const periodStart = subscription.nextPaymentDate;
      const periodEnd = addInterval(new Date(periodStart), plan.interval).toISOString();
      const invoice = {
        id: nextId++,
        domain: 'test',
        invoice_code: `INV_${randomBytes(7).toString('hex')}`,
        amount: plan.amount,
        period_start: periodStart,
        period_end: periodEnd,
        status: 'pending',
        paid: false,
        paid_at: null,
        description: null,
        authorization: { authorization_code: customer.authorizationCode, channel: 'card', reusable: true },
        subscription: {
          status: subscription.status,
          subscription_code: subscription.subscriptionCode,
          email_token: subscription.emailToken,
          amount: plan.amount,
          next_payment_date: subscription.nextPaymentDate,
        },
        customer: customerData(customer),
        transaction: {},
        created_at: iso(),
      };
      sent.push(send('invoice.create', invoice, subscription.id));
      const failing = which.fail?.includes(subscription.subscriptionCode) ?? false;
      if (failing || renewalFailures > 0) {
        if (!failing) renewalFailures--;
        failed++;
        subscription.status = 'attention';
        sent.push(
          send(
            'invoice.payment_failed',
            { ...invoice, status: 'failed', subscription: { ...invoice.subscription, status: 'attention' } },
            subscription.id,
          ),
        );
        continue;
      }
      const transaction: FakeTransaction = {
        id: nextId++,
        reference: randomBytes(8).toString('hex'),
        accessCode: randomBytes(8).toString('hex'),
        email: customer.email,
        amount: plan.amount,
        paidAmount: plan.amount,
        currency: 'NGN',
        callbackUrl: null,
        metadata: null,
        status: 'success',
        gatewayResponse: 'Approved',
        paidAt: iso(),
        createdAt: iso(),
        refunded: 0,
        planCode: plan.planCode,
        channel: 'card',
      };
      transactions.push(transaction);
      subscription.nextPaymentDate = periodEnd;
      renewed++;
      sent.push(send('charge.success', transactionData(transaction), subscription.id));
      sent.push(
        send(
          'invoice.update',
          {
            ...invoice,
            status: 'success',
            paid: true,
            paid_at: transaction.paidAt,
            subscription: { ...invoice.subscription, next_payment_date: periodEnd },
            transaction: {
              reference: transaction.reference,
              status: 'success',
              amount: plan.amount,
              currency: 'NGN',
            },
          },
          subscription.id,
        ),
      );
    }
    await Promise.all(sent);
    return { renewed, failed };
  }

  function refuse(transaction: FakeTransaction) {
    transaction.status = 'failed';
    transaction.gatewayResponse = 'Declined';
  }

  function transactionData(t: FakeTransaction) {
    return {
      id: t.id,
      domain: 'test',
      status: t.status,
      reference: t.reference,
      receipt_number: null,
      amount: t.paidAmount ?? t.amount,
      message: null,
      gateway_response: t.gatewayResponse,
      paid_at: t.paidAt,
      created_at: t.createdAt,
      channel: t.channel,
      plan: t.planCode ? planData(planByCode(t.planCode)!) : {},
      currency: t.currency,
      ip_address: '127.0.0.1',
      metadata: t.metadata ?? '',
      fees: t.paidAt ? Math.min(Math.round((t.paidAmount ?? t.amount) * 0.015) + 10_000, 200_000) : null,
      customer: customerData(customerOf(t.email)),
      authorization: t.paidAt
        ? {
            authorization_code: `AUTH_${t.id}`,
            bin: '408408',
            last4: '4081',
            channel: 'card',
            reusable: true,
          }
        : {},
      requested_amount: t.amount,
    };
  }

  /** Queues a webhook after those already under way, so they arrive in the order they happened. */
  function send(event: string, data: Record<string, unknown>, lane = 0): Promise<WebhookDelivery | null> {
    if (!webhookUrl) return Promise.resolve(null);
    if (held) {
      held.push({ event, data });
      return Promise.resolve(null);
    }
    const target = webhookUrl;
    const tamper = nextTamper;
    nextTamper = null;
    const real = JSON.stringify({ event, data });
    const told =
      tamper?.amountKobo === undefined
        ? real
        : JSON.stringify({ event, data: { ...data, amount: tamper.amountKobo } });
    let body = told;
    let signature: string | null = signPaystackBody(secretKey, told);
    if (tamper?.signature === 'forged') signature = signPaystackBody(`${secretKey}-forged`, told);
    if (tamper?.signature === 'missing') signature = null;
    if (tamper?.signature === 'altered') {
      const amount = typeof data.amount === 'number' ? data.amount : 0;
      body = JSON.stringify({ event, data: { ...data, amount: tamper.amountKobo ?? amount * 100 } });
      signature = signPaystackBody(secretKey, real);
    }
    const delivery: WebhookDelivery = { event, body, signature, attempts: [], delivered: false };
    webhooks.push(delivery);
    return enqueue(delivery, target, lane);
  }

  function enqueue(delivery: WebhookDelivery, target: string, lane = 0): Promise<WebhookDelivery> {
    const index = lane % lanes.length;
    const done = lanes[index]!.then(() => deliver(delivery, target));
    lanes[index] = done.catch(() => undefined);
    return done;
  }

  async function deliver(delivery: WebhookDelivery, target: string): Promise<WebhookDelivery> {
    for (let attempt = 0; attempt <= retryDelays.length; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, retryDelays[attempt - 1]));
      try {
        const response = await fetch(target, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(delivery.signature ? { 'x-paystack-signature': delivery.signature } : {}),
          },
          body: delivery.body,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer().catch(() => undefined);
        delivery.attempts.push(response.status);
        delivery.delivered = response.status === 200;
      } catch (err) {
        delivery.attempts.push(err instanceof Error ? err.message : String(err));
      }
      options.onWebhook?.(delivery);
      if (delivery.delivered) break;
    }
    return delivery;
  }

  function byReference(reference: string): FakeTransaction {
    const transaction = transactions.find((t) => t.reference === reference);
    if (!transaction) throw new Error(`The fake Paystack has no transaction ${reference}`);
    return transaction;
  }

  return {
    url,
    secretKey,
    transactions,
    refunds,
    recipients,
    transfers,
    webhooks,
    plans,
    customers,
    subscriptions,
    renewDue,
    failNextRenewals: (count = 1) => void (renewalFailures += count),
    seedSubscription: ({ email, planCode, nextPaymentDate }) => {
      if (!planByCode(planCode)) throw new Error(`The fake Paystack has no plan ${planCode}`);
      const customer = customerOf(email);
      customer.authorizationCode ??= `AUTH_${nextId++}`;
      return subscribe(customer, planCode, nextPaymentDate);
    },
    holdWebhooks: () => void (held ??= []),
    releaseWebhooks: async ({ reverse = false } = {}) => {
      const kept = held ?? [];
      held = null;
      await Promise.all((reverse ? [...kept].reverse() : kept).map((w) => send(w.event, w.data)));
    },
    setWebhookUrl: (next) => void (webhookUrl = next),
    failNext: (status) => void (failures = [...failures, status]),
    tamper: (next) => void (nextTamper = next),
    refuseNextRefund: () => void (refuseRefund = true),
    failNextTransfer: (...outcomes) => void (transferOutcomes = [...transferOutcomes, ...outcomes]),
    pay: async (reference, payOptions = {}) => {
      const transaction = byReference(reference);
      if (transaction.status === 'success' || transaction.status === 'reversed')
        throw new Error(`The payment ${reference} is already ${transaction.status}`);
      await complete(transaction, payOptions.amountKobo, payOptions.currency, payOptions.channel);
    },
    decline: (reference) => refuse(byReference(reference)),
    resendLast: async () => {
      const last = webhooks.at(-1);
      if (!last || !webhookUrl) throw new Error('The fake Paystack has sent no webhook yet');
      const again: WebhookDelivery = { ...last, attempts: [], delivered: false };
      webhooks.push(again);
      return enqueue(again, webhookUrl);
    },
    settled: () => Promise.all(lanes).then(() => undefined),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Kobo as Paystack reads it: a positive integer, or a string of digits. */
function koboOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A plan interval after `from` (annually: the same day a year on). */
function addInterval(from: Date, interval: string): Date {
  const next = new Date(from);
  if (interval === 'annually') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else if (interval === 'biannually') next.setUTCMonth(next.getUTCMonth() + 6);
  else if (interval === 'quarterly') next.setUTCMonth(next.getUTCMonth() + 3);
  else if (interval === 'monthly') next.setUTCMonth(next.getUTCMonth() + 1);
  else if (interval === 'weekly') next.setUTCDate(next.getUTCDate() + 7);
  else if (interval === 'daily') next.setUTCDate(next.getUTCDate() + 1);
  else next.setUTCHours(next.getUTCHours() + 1);
  return next;
}

function bankOf(code: string) {
  return BANKS.find((b) => b.code === code)!;
}

function accountName(accountNumber: string): string {
  return `FAKE ACCOUNT ${accountNumber.slice(-4)}`;
}

function naira(kobo: number): string {
  return `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem;color:#111}
.amount{font-size:1.5rem}
button{display:block;width:100%;min-height:44px;margin:.75rem 0;font-size:1rem;border:0;border-radius:.5rem;background:#0ba4db;color:#fff}
button.decline{background:#eee;color:#111}
</style></head>
<body><h1>${title}</h1>${content}</body></html>`;
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    throw new Refusal(400, 'Invalid JSON body');
  }
}

function json(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(payload));
}

function html(res: ServerResponse, status: number, content: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(content);
}
