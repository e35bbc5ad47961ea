import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaystackConfig } from '../config';

/**
 * Where a payment stands, as the gateway reports it. Only `success` means the money arrived;
 * `reversed` is a payment refunded in full. Paystack may add states; they come through as strings.
 */
export type PaymentStatus =
  | 'success'
  | 'failed'
  | 'abandoned'
  | 'ongoing'
  | 'pending'
  | 'processing'
  | 'queued'
  | 'reversed'
  | (string & {});

export type PaymentMetadata = Record<string, unknown>;

export type InitializePaymentInput = {
  email: string;
  /** Whole kobo (₦1 = 100 kobo); anything else is refused before a request is made. */
  amountKobo: number;
  /** Ours, unique per attempt: letters, digits and - . = only. */
  reference: string;
  /** Where the checkout sends the browser back, with ?reference=… added. */
  callbackUrl: string;
  metadata?: PaymentMetadata;
  /** A plan code (PLN_…): Paystack charges the plan's amount and subscribes the card to it. */
  plan?: string;
  /** The ways the checkout offers (card, bank, ussd, bank_transfer, …); all the account has when omitted. */
  channels?: string[];
};

export type InitializedPayment = {
  /** The checkout page to redirect the buyer to. */
  authorizationUrl: string;
  accessCode: string;
  reference: string;
};

export type VerifiedPayment = {
  status: PaymentStatus;
  /** What was charged, in kobo, as the gateway reports it. */
  amountKobo: number;
  currency: string;
  reference: string;
  /** ISO time of the charge; null while unpaid. */
  paidAt: string | null;
  /** The gateway's transaction id. */
  id: number;
  metadata: PaymentMetadata | null;
  /** How it was paid (card, bank_transfer, ussd, bank, …); null when not told. */
  channel: string | null;
  /** The plan the charge was for (a subscription's first charge or renewal); null otherwise. */
  planCode: string | null;
  /** The paying customer (CUS_…); null when not told. */
  customerCode: string | null;
};

/** A Paystack plan: what a subscription charges and how often. */
export type GatewayPlan = { planCode: string; name: string; amountKobo: number; interval: string };

/** A subscription as Paystack reports it. */
export type GatewaySubscription = {
  subscriptionCode: string;
  /** active, non-renewing, attention (a renewal failed), completed, cancelled. */
  status: string;
  emailToken: string | null;
  /** ISO time of the next charge; null when none is due. */
  nextPaymentDate: string | null;
  planCode: string | null;
  customerCode: string | null;
};

export type RefundInput = {
  reference: string;
  /** Part of the payment, in whole kobo; omitted refunds what is left of it. */
  amountKobo?: number;
  /** Kept on the refund at the gateway (merchant_note). */
  note: string;
};

export type RefundResult = {
  id: number;
  /** `pending` at first; the refund.processed webhook says when it is done. */
  status: string;
  amountKobo: number;
  currency: string;
};

/** GET /transaction: one page of the account's transactions, filtered as Paystack filters them. */
export type ListTransactionsQuery = {
  status: 'success' | 'failed' | 'abandoned';
  /** Transactions created from this time (inclusive) … */
  from: Date;
  /** … to this time. */
  to: Date;
  page: number;
  perPage: number;
};

export type TransactionPage = { transactions: VerifiedPayment[]; pageCount: number };

/** A bank as the gateway lists it: its code (for resolve, recipients) and name. */
export type GatewayBank = { code: string; name: string };

export type ResolveAccountQuery = { bankCode: string; accountNumber: string };

export type ResolvedBankAccount = { accountNumber: string; accountName: string };

export type CreateRecipientInput = {
  /** The account holder's name, as the bank resolved it. */
  name: string;
  accountNumber: string;
  bankCode: string;
};

export type TransferRecipient = { recipientCode: string };

export type TransferInput = {
  /** Whole kobo, from Gona's balance at the gateway. */
  amountKobo: number;
  recipientCode: string;
  /** Ours, stable per payout and try: the gateway's idempotency key (a repeat is refused, never paid twice). */
  reference: string;
  /** Shown to the recipient (e.g. "Gona order White maize"). */
  reason: string;
};

export type TransferResult = {
  /** The gateway's transfer code (TRF_…). */
  transferCode: string;
  /** `pending` or `otp` at first; transfer.success / failed / reversed webhooks settle it. */
  status: string;
  reference: string;
  amountKobo: number;
};

/**
 * A card and bank payment service (Paystack). Money moves for Gona only on a verified event: a
 * webhook whose signature holds, then `verify` of its reference.
 */
export interface PaymentGateway {
  initialize(input: InitializePaymentInput): Promise<InitializedPayment>;
  verify(reference: string): Promise<VerifiedPayment>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** A page of transactions (GET /transaction?status&from&to&page&perPage), for reconciliation. */
  listTransactions(query: ListTransactionsQuery): Promise<TransactionPage>;
  /** Nigerian banks (GET /bank?country=nigeria), as the gateway lists them. */
  listBanks(): Promise<GatewayBank[]>;
  /** The name on an account (GET /bank/resolve); an unknown account is a PaymentGatewayError (4xx). */
  resolveAccount(query: ResolveAccountQuery): Promise<ResolvedBankAccount>;
  /** A transfer recipient for a Nigerian bank account (POST /transferrecipient, type nuban, NGN). */
  createRecipient(input: CreateRecipientInput): Promise<TransferRecipient>;
  /** Sends money from Gona's balance to a recipient (POST /transfer, source balance). */
  transfer(input: TransferInput): Promise<TransferResult>;
  /** Creates a plan (POST /plan) charging `amountKobo` in NGN every `interval`. */
  createPlan(input: { name: string; amountKobo: number; interval: 'annually' }): Promise<GatewayPlan>;
  /** Plans of the account with this amount and interval (GET /plan?amount&interval). */
  listPlans(query: { amountKobo: number; interval: 'annually' }): Promise<GatewayPlan[]>;
  /** One subscription (GET /subscription/:code). */
  fetchSubscription(code: string): Promise<GatewaySubscription>;
  /** A customer's subscriptions (GET /customer/:code answers them with the customer). */
  customerSubscriptions(customerCode: string): Promise<GatewaySubscription[]>;
  /** Stops a subscription renewing (POST /subscription/disable with its code and email token). */
  disableSubscription(input: { code: string; token: string }): Promise<void>;
  /** True only when the header is the HMAC-SHA512 (hex) of these exact body bytes with the secret key. */
  verifyWebhookSignature(rawBody: string | Uint8Array, signatureHeader: string | null): boolean;
}

/**
 * The gateway answered and refused (a bad key, a duplicate reference, a refund over what was paid,
 * an unknown transaction). `gatewayMessage` is Paystack's own words, for logs; it is not for
 * people, who get a message of ours.
 */
export class PaymentGatewayError extends Error {
  readonly httpStatus: number;
  readonly gatewayMessage: string;
  /** Paystack's machine code when it gives one (e.g. transaction_not_found). */
  readonly gatewayCode: string | null;

  constructor(operation: string, httpStatus: number, gatewayMessage: string, gatewayCode: string | null) {
    super(`Paystack refused ${operation} (${httpStatus}): ${gatewayMessage}`);
    this.name = 'PaymentGatewayError';
    this.httpStatus = httpStatus;
    this.gatewayMessage = gatewayMessage;
    this.gatewayCode = gatewayCode;
  }
}

/**
 * No usable answer: no connection, no answer in time, or something that is not Paystack's
 * envelope. Trying again later may work; whether the request took effect is unknown, so an
 * initialize is retried with a new reference and a refund is checked before it is repeated.
 */
export class PaymentGatewayUnreachableError extends Error {
  constructor(operation: string, reason: string) {
    super(`Paystack could not be reached for ${operation}: ${reason}`);
    this.name = 'PaymentGatewayUnreachableError';
  }
}

/** The gateway PAYSTACK_* configures, or null without a secret key: nothing can be paid for. */
export function createPaymentGateway(config: PaystackConfig | null): PaymentGateway | null {
  return config ? createPaystack(config) : null;
}

const TIMEOUT_MS = 15_000;
const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;

type Envelope = { status?: unknown; message?: unknown; code?: unknown; data?: unknown };

/**
 * Paystack's REST API over fetch (its Node SDK does not load on Node 24): JSON bodies, `Bearer`
 * secret key, answers in the envelope `{ status, message, data }`. Amounts are kobo both ways.
 */
export function createPaystack(
  config: PaystackConfig,
  options: { fetchImpl?: typeof fetch; timeoutMs?: number } = {},
): PaymentGateway {
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<Record<string, unknown>> {
    return (await callRaw(method, path, body)) as Record<string, unknown>;
  }

  async function callRaw(method: 'GET' | 'POST', path: string, body?: unknown): Promise<object> {
    return (await callWithMeta(method, path, body)).data;
  }

  /** The envelope's data and, on lists, its `meta` (page counts). */
  async function callWithMeta(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    /** Some answers carry only { status, message } (POST /subscription/disable). */
    dataOptional = false,
  ): Promise<{ data: object; meta: unknown }> {
    const operation = `${method} ${path.split('?')[0]}`;
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${config.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      const reason =
        err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
          ? `no answer within ${timeoutMs} ms`
          : err instanceof Error
            ? (errorCode(err) ?? err.message)
            : String(err);
      throw new PaymentGatewayUnreachableError(operation, reason);
    }
    let envelope: Envelope | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') envelope = parsed;
    } catch {
      envelope = null;
    }
    if (!envelope || typeof envelope.status !== 'boolean') {
      if (response.status >= 500 || response.ok)
        throw new PaymentGatewayUnreachableError(
          operation,
          `answered ${response.status} with something that is not Paystack's envelope`,
        );
      throw new PaymentGatewayError(operation, response.status, text.slice(0, 200), null);
    }
    const message = typeof envelope.message === 'string' ? envelope.message : 'no message';
    const code = typeof envelope.code === 'string' ? envelope.code : null;
    if (!response.ok || envelope.status !== true) {
      if (response.status >= 500)
        throw new PaymentGatewayUnreachableError(operation, `answered ${response.status}: ${message}`);
      throw new PaymentGatewayError(operation, response.status, message, code);
    }
    if (dataOptional && envelope.data === undefined) return { data: {}, meta: undefined };
    if (!envelope.data || typeof envelope.data !== 'object')
      throw new PaymentGatewayUnreachableError(operation, 'answered without data');
    return { data: envelope.data, meta: (envelope as { meta?: unknown }).meta };
  }

  return {
    async initialize({ email, amountKobo, reference, callbackUrl, metadata, plan, channels }) {
      assertKobo(amountKobo, 'amountKobo');
      assertReference(reference);
      const data = await call('POST', '/transaction/initialize', {
        email,
        amount: amountKobo,
        currency: 'NGN',
        reference,
        callback_url: callbackUrl,
        ...(metadata ? { metadata } : {}),
        ...(plan ? { plan } : {}),
        ...(channels ? { channels } : {}),
      });
      return {
        authorizationUrl: text(data.authorization_url, 'authorization_url'),
        accessCode: text(data.access_code, 'access_code'),
        reference: text(data.reference, 'reference'),
      };
    },

    async verify(reference) {
      assertReference(reference);
      return transactionOf(await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`));
    },

    async listTransactions({ status, from, to, page, perPage }) {
      const query = new URLSearchParams({
        status,
        from: from.toISOString(),
        to: to.toISOString(),
        page: String(page),
        perPage: String(perPage),
      });
      const { data, meta } = await callWithMeta('GET', `/transaction?${query.toString()}`);
      if (!Array.isArray(data)) throw malformed('data');
      const pageCount =
        meta && typeof meta === 'object' ? Number((meta as Record<string, unknown>).pageCount) : NaN;
      return {
        transactions: data.map((t: unknown) => {
          if (!t || typeof t !== 'object') throw malformed('data');
          return transactionOf(t as Record<string, unknown>);
        }),
        pageCount: Number.isSafeInteger(pageCount) && pageCount >= 0 ? pageCount : page,
      };
    },

    async refund({ reference, amountKobo, note }) {
      assertReference(reference);
      if (amountKobo !== undefined) assertKobo(amountKobo, 'amountKobo');
      const data = await call('POST', '/refund', {
        transaction: reference,
        ...(amountKobo === undefined ? {} : { amount: amountKobo }),
        merchant_note: note,
      });
      return {
        id: whole(data.id, 'id'),
        status: text(data.status, 'status'),
        amountKobo: kobo(data.amount, 'amount'),
        currency: text(data.currency, 'currency'),
      };
    },

    async listBanks() {
      const data = await callRaw('GET', '/bank?country=nigeria&currency=NGN&perPage=100');
      if (!Array.isArray(data)) throw malformed('data');
      return data.flatMap((bank: unknown) => {
        if (!bank || typeof bank !== 'object') return [];
        const b = bank as Record<string, unknown>;
        if (b.active === false || b.is_deleted === true) return [];
        return typeof b.code === 'string' && b.code && typeof b.name === 'string' && b.name
          ? [{ code: b.code, name: b.name }]
          : [];
      });
    },

    async resolveAccount({ bankCode, accountNumber }) {
      assertAccount(bankCode, accountNumber);
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const data = await call('GET', `/bank/resolve?${query.toString()}`);
      return {
        accountNumber: text(data.account_number, 'account_number'),
        accountName: text(data.account_name, 'account_name'),
      };
    },

    async createRecipient({ name, accountNumber, bankCode }) {
      assertAccount(bankCode, accountNumber);
      const data = await call('POST', '/transferrecipient', {
        type: 'nuban',
        name,
        account_number: accountNumber,
        bank_code: bankCode,
        currency: 'NGN',
      });
      return { recipientCode: text(data.recipient_code, 'recipient_code') };
    },

    async transfer({ amountKobo, recipientCode, reference, reason }) {
      assertKobo(amountKobo, 'amountKobo');
      assertReference(reference);
      const data = await call('POST', '/transfer', {
        source: 'balance',
        amount: amountKobo,
        currency: 'NGN',
        recipient: recipientCode,
        reference,
        reason,
      });
      return {
        transferCode: text(data.transfer_code, 'transfer_code'),
        status: text(data.status, 'status'),
        reference: text(data.reference, 'reference'),
        amountKobo: kobo(data.amount, 'amount'),
      };
    },

    async createPlan({ name, amountKobo, interval }) {
      assertKobo(amountKobo, 'amountKobo');
      return planOf(await call('POST', '/plan', { name, amount: amountKobo, interval, currency: 'NGN' }));
    },

    async listPlans({ amountKobo, interval }) {
      assertKobo(amountKobo, 'amountKobo');
      const query = new URLSearchParams({ amount: String(amountKobo), interval, perPage: '100' });
      const data = await callRaw('GET', `/plan?${query.toString()}`);
      if (!Array.isArray(data)) throw malformed('data');
      return data.map((p: unknown) => {
        if (!p || typeof p !== 'object') throw malformed('data');
        return planOf(p as Record<string, unknown>);
      });
    },

    async fetchSubscription(code) {
      assertCode(code);
      return subscriptionOf(await call('GET', `/subscription/${encodeURIComponent(code)}`), null);
    },

    async customerSubscriptions(customerCode) {
      assertCode(customerCode);
      const data = await call('GET', `/customer/${encodeURIComponent(customerCode)}`);
      const list = data.subscriptions;
      if (!Array.isArray(list)) return [];
      const customer = typeof data.customer_code === 'string' ? data.customer_code : customerCode;
      return list.flatMap((s: unknown) =>
        s && typeof s === 'object' ? [subscriptionOf(s as Record<string, unknown>, customer)] : [],
      );
    },

    async disableSubscription({ code, token }) {
      assertCode(code);
      await callWithMeta('POST', '/subscription/disable', { code, token }, true);
    },

    verifyWebhookSignature(rawBody, signatureHeader) {
      if (!signatureHeader) return false;
      const expected = Buffer.from(signPaystackBody(config.secretKey, rawBody), 'utf8');
      const given = Buffer.from(signatureHeader.trim().toLowerCase(), 'utf8');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The `x-paystack-signature` of a webhook body: HMAC-SHA512 of its exact bytes with the secret key, hex. */
export function signPaystackBody(secretKey: string, body: string | Uint8Array): string {
  return createHmac('sha512', secretKey).update(body).digest('hex');
}

function assertKobo(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new RangeError(`${name} must be a whole number of kobo above 0, not ${value}`);
}

function assertReference(reference: string): void {
  if (!REFERENCE.test(reference))
    throw new RangeError(`A payment reference is 1–100 letters, digits, - . or =, not "${reference}"`);
}

function assertAccount(bankCode: string, accountNumber: string): void {
  if (!/^\d{10}$/.test(accountNumber))
    throw new RangeError(`An account number is 10 digits, not "${accountNumber}"`);
  if (!/^[A-Za-z0-9]{1,20}$/.test(bankCode)) throw new RangeError(`"${bankCode}" is not a bank code`);
}

function assertCode(code: string): void {
  if (!/^[A-Za-z0-9_]{1,100}$/.test(code)) throw new RangeError(`"${code}" is not a Paystack code`);
}

/** A plan's code from the answer, or the code of a nested plan object; null when absent. */
export function planCodeOf(value: unknown): string | null {
  if (typeof value === 'string' && value.startsWith('PLN_')) return value;
  if (value && typeof value === 'object' && 'plan_code' in value && typeof value.plan_code === 'string')
    return value.plan_code;
  return null;
}

/** A customer's code from a nested customer object; null when absent. */
export function customerCodeOf(value: unknown): string | null {
  if (
    value &&
    typeof value === 'object' &&
    'customer_code' in value &&
    typeof value.customer_code === 'string'
  )
    return value.customer_code;
  return null;
}

function planOf(data: Record<string, unknown>): GatewayPlan {
  return {
    planCode: text(data.plan_code, 'plan_code'),
    name: typeof data.name === 'string' ? data.name : '',
    amountKobo: kobo(data.amount, 'amount'),
    interval: text(data.interval, 'interval'),
  };
}

function subscriptionOf(data: Record<string, unknown>, customerCode: string | null): GatewaySubscription {
  return {
    subscriptionCode: text(data.subscription_code, 'subscription_code'),
    status: text(data.status, 'status'),
    emailToken: typeof data.email_token === 'string' && data.email_token ? data.email_token : null,
    nextPaymentDate:
      typeof data.next_payment_date === 'string' && data.next_payment_date ? data.next_payment_date : null,
    planCode: planCodeOf(data.plan),
    customerCode: customerCodeOf(data.customer) ?? customerCode,
  };
}

function malformed(field: string): PaymentGatewayUnreachableError {
  return new PaymentGatewayUnreachableError('reading the answer', `${field} is missing or malformed`);
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw malformed(field);
  return value;
}

function whole(value: unknown, field: string): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw malformed(field);
  return n;
}

/** Paystack sends amounts as integers of kobo, sometimes as strings; a fraction is not kobo. */
function kobo(value: unknown, field: string): number {
  const n = whole(value, field);
  if (n < 0) throw malformed(field);
  return n;
}

/** A transaction as verify and the list answer it. */
function transactionOf(data: Record<string, unknown>): VerifiedPayment {
  return {
    status: text(data.status, 'status'),
    amountKobo: kobo(data.amount, 'amount'),
    currency: text(data.currency, 'currency'),
    reference: text(data.reference, 'reference'),
    paidAt: typeof data.paid_at === 'string' && data.paid_at ? data.paid_at : null,
    id: whole(data.id, 'id'),
    metadata: metadataOf(data.metadata),
    channel: typeof data.channel === 'string' && data.channel ? data.channel : null,
    planCode: planCodeOf(data.plan) ?? planCodeOf(data.plan_object),
    customerCode: customerCodeOf(data.customer),
  };
}

/** Paystack returns metadata as given, as a JSON string, or as "" / 0 / null when there was none. */
function metadataOf(value: unknown): PaymentMetadata | null {
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      return metadataOf(JSON.parse(value));
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as PaymentMetadata) : null;
}

function errorCode(err: Error): string | null {
  const cause = (err as { cause?: unknown }).cause;
  if (cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string')
    return `${err.message} (${cause.code})`;
  return null;
}
