// The only file that imports the `stripe` SDK. Use cases depend on the StripeGateway port and its plain types, so
// they are tested with a fake and never see SDK objects; StripeSdkGateway talks to real Stripe or to the emulator.
import Stripe from 'stripe';
import {
  PaymentProcessor,
  WebhookSignatureError,
  type ConnectedAccountStatus,
  type ProcessorDispute,
  type ProcessorEvent,
  type ProcessorPaymentIntent,
  type ProcessorRefund,
  type ProcessorReversal,
  type ProcessorTransfer,
} from '../checkout/payment-processor.js';
import { isCurrency, type Currency, type Minor } from '../fees/money.js';
import { paymarketMetrics } from '@paymarket/platform';
import { endpointOf, StripeBusyError, type StripeRequestLimiter } from './stripe-request-limiter.js';

export interface StripeConfig {
  /** sk_test_…, sk_live_… or a restricted rk_… key. */
  secretKey: string;
  /** Base URL of a Stripe-compatible API (the emulator); absent means api.stripe.com. */
  apiUrl?: string;
  /** whsec_… used to verify webhook signatures. */
  webhookSecret?: string;
  /** pk_… for Stripe Elements in the browser (real keys only; the emulator's test-card form needs none). */
  publishableKey?: string;
  timeoutMs?: number;
  /**
   * Every request to Stripe waits here for a place below the account's rate limit (issue 22). Null only when an
   * operator turned it off to show what happens without it (PAYMARKET_UNSAFE_NO_STRIPE_LIMITER).
   */
  limiter?: StripeRequestLimiter | null;
}

/** Test keys and the emulator never move real money; the web app shows its test-card form then. */
export function isDevelopmentMode(config: Pick<StripeConfig, 'secretKey' | 'apiUrl'>): boolean {
  return /^(sk|rk)_test_/.test(config.secretKey) || config.apiUrl !== undefined;
}

export interface ConnectedAccount {
  id: string;
  businessName: string | null;
  country: string;
  /** Stripe's `capabilities.transfers === 'active'`: the account may receive our transfers. */
  canReceiveTransfers: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

export type StripePaymentIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';

export interface StripePaymentError {
  /** Stripe's code (card_declined, expired_card, payment_intent_authentication_failure, …). */
  code: string | null;
  declineCode: string | null;
  /** Stripe's message, written to be shown to the customer. */
  message: string;
}

export interface StripePaymentIntent {
  id: string;
  status: StripePaymentIntentStatus;
  amount: number;
  amountReceived: number;
  currency: string;
  clientSecret: string | null;
  latestChargeId: string | null;
  transferGroup: string | null;
  metadata: Record<string, string>;
  lastError: StripePaymentError | null;
  /** With status requires_action: where the customer authenticates (3D Secure). */
  nextActionUrl: string | null;
}

export interface CreatePaymentIntentInput {
  amount: number;
  currency: string;
  transferGroup: string;
  metadata: Record<string, string>;
  description?: string;
  receiptEmail?: string;
  idempotencyKey: string;
}

export interface ConfirmPaymentIntentInput {
  paymentIntentId: string;
  /** A PaymentMethod id, or one of Stripe's test tokens (pm_card_visa, …) in development mode. */
  paymentMethod: string;
  returnUrl?: string;
  idempotencyKey?: string;
}

export interface StripeTransfer {
  id: string;
  amount: number;
  amountReversed: number;
  currency: string;
  destination: string;
  transferGroup: string | null;
  sourceTransaction: string | null;
}

export interface CreateTransferInput {
  amount: number;
  currency: string;
  destination: string;
  transferGroup: string;
  /** The charge the funds come from: the transfer then never waits for the platform balance. */
  sourceTransaction: string | null;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface StripeTransferReversal {
  id: string;
  transferId: string;
  amount: number;
}

export interface StripeRefund {
  id: string;
  amount: number;
  currency: string;
  status: string | null;
  chargeId: string | null;
  paymentIntentId: string | null;
}

export interface CreateRefundInput {
  paymentIntentId: string;
  /** Minor units; absent refunds what is left. */
  amount?: number;
  reason?: 'duplicate' | 'fraudulent' | 'requested_by_customer';
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** A reversal of a transfer, with the metadata it was made with (`refund_id`, `party`: ADR 0069). */
export interface StripeTransferReversalRecord {
  id: string;
  amount: number;
  metadata: Record<string, string>;
}

/** What a reconciliation lists (ADR 0069): objects created since a time, oldest first. */
export interface StripeListedRefund extends StripeRefund {
  created: number;
  metadata: Record<string, string>;
}

export interface StripeListedTransfer extends StripeTransfer {
  created: number;
  metadata: Record<string, string>;
}

export interface StripeWebhookEvent {
  id: string;
  type: string;
  created: number;
  /** The event's `data.object` (a PaymentIntent, Charge, Transfer, …) as JSON. */
  object: Record<string, unknown>;
}

/** Stripe could not be reached or failed on its side (network, timeout, 5xx, rate limit): worth retrying later. */
export class StripeUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StripeUnavailableError';
  }
}

/** Stripe refused the request (4xx): `message` is Stripe's text, `code` its error code. */
export class StripeRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly param: string | null,
    readonly declineCode: string | null = null,
  ) {
    super(message);
    this.name = 'StripeRequestError';
  }
}

export class StripeSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripeSignatureError';
  }
}

/** The port use cases depend on. */
export abstract class StripeGateway {
  abstract readonly developmentMode: boolean;
  /** null when the account does not exist or is not connected to our platform. */
  abstract retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount | null>;
  abstract createPaymentIntent(input: CreatePaymentIntentInput): Promise<StripePaymentIntent>;
  abstract retrievePaymentIntent(paymentIntentId: string): Promise<StripePaymentIntent | null>;
  /** A declined card is not an exception: the intent comes back with status requires_payment_method and lastError. */
  abstract confirmPaymentIntent(input: ConfirmPaymentIntentInput): Promise<StripePaymentIntent>;
  abstract cancelPaymentIntent(paymentIntentId: string): Promise<StripePaymentIntent>;
  abstract createTransfer(input: CreateTransferInput): Promise<StripeTransfer>;
  abstract retrieveTransfer(transferId: string): Promise<StripeTransfer>;
  abstract createTransferReversal(input: {
    transferId: string;
    amount: number;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<StripeTransferReversal>;
  abstract createRefund(input: CreateRefundInput): Promise<StripeRefund>;
  /** Verifies the Stripe-Signature header against the raw body; throws StripeSignatureError when it does not match. */
  abstract constructWebhookEvent(rawBody: string | Buffer, signatureHeader: string): StripeWebhookEvent;
  /** A card dispute (ADR 0045). */
  retrieveDispute(disputeId: string): Promise<StripeDispute> {
    return Promise.reject(new Error(`disputes are not supported by this gateway (${disputeId})`));
  }
  /** Lists for the reconciliation after a restore (ADR 0069): created at or after `since` (Unix seconds), oldest first. */
  listPaymentIntents(since: number): Promise<StripePaymentIntent[]> {
    return Promise.reject(new Error(`listing is not supported by this gateway (${since})`));
  }
  listRefunds(since: number): Promise<StripeListedRefund[]> {
    return Promise.reject(new Error(`listing is not supported by this gateway (${since})`));
  }
  listTransfers(since: number): Promise<StripeListedTransfer[]> {
    return Promise.reject(new Error(`listing is not supported by this gateway (${since})`));
  }
  listTransferReversals(transferId: string): Promise<StripeTransferReversalRecord[]> {
    return Promise.reject(new Error(`listing is not supported by this gateway (${transferId})`));
  }
  listDisputes(since: number): Promise<Array<{ id: string; created: number }>> {
    return Promise.reject(new Error(`listing is not supported by this gateway (${since})`));
  }
}

export interface StripeDispute {
  id: string;
  amount: number;
  currency: string;
  chargeId: string;
  paymentIntentId: string | null;
  reason: string;
  status: string;
}

function toPaymentIntent(intent: Stripe.PaymentIntent): StripePaymentIntent {
  const error = intent.last_payment_error;
  const latestCharge = intent.latest_charge;
  return {
    id: intent.id,
    status: intent.status as StripePaymentIntentStatus,
    amount: intent.amount,
    amountReceived: intent.amount_received,
    currency: intent.currency,
    clientSecret: intent.client_secret,
    latestChargeId: typeof latestCharge === 'string' ? latestCharge : (latestCharge?.id ?? null),
    transferGroup: intent.transfer_group,
    metadata: { ...intent.metadata },
    lastError: error
      ? {
          code: error.code ?? null,
          declineCode: error.decline_code ?? null,
          message: error.message ?? 'Your payment could not be processed.',
        }
      : null,
    nextActionUrl: intent.next_action?.redirect_to_url?.url ?? null,
  };
}

function toTransfer(transfer: Stripe.Transfer): StripeTransfer {
  const destination = transfer.destination;
  const source = transfer.source_transaction;
  return {
    id: transfer.id,
    amount: transfer.amount,
    amountReversed: transfer.amount_reversed,
    currency: transfer.currency,
    destination: typeof destination === 'string' ? destination : (destination?.id ?? ''),
    transferGroup: transfer.transfer_group,
    sourceTransaction: typeof source === 'string' ? source : (source?.id ?? null),
  };
}

function idOf(value: string | { id: string } | null): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

const RATE_LIMIT_RETRIES = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function outcomeOf(status: number): string {
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'client_error';
  return 'ok';
}

/**
 * What the SDK reads when no place came free in time: a 429 of ours that says not to retry (the SDK would otherwise
 * retry a thrown error as a network failure, each time waiting again). It surfaces as StripeRateLimitError.
 */
class BusyResponse extends Stripe.HttpClientResponse {
  constructor(private readonly message: string) {
    super(429, { 'stripe-should-retry': 'false', 'request-id': 'paymarket-limiter' });
  }
  override getRawResponse(): unknown {
    return null;
  }
  override toStream(done: () => void): unknown {
    done();
    return null;
  }
  override toJSON(): Promise<unknown> {
    return Promise.resolve({ error: { type: 'invalid_request_error', code: 'rate_limit', message: this.message } });
  }
}

/**
 * The SDK's HTTP client, wrapped: every request it makes (its own retries included) first waits for a place in the
 * limiter, and is counted (`paymarket_stripe_requests_total`). A 429 that still happens (another system on the same
 * account, a limiter shared by fewer replicas than run) is sent again with the same headers — so the same
 * Idempotency-Key — after an exponential backoff with jitter, before the SDK sees it.
 */
class LimitedHttpClient extends Stripe.HttpClient {
  constructor(
    private readonly inner: Stripe.HttpClient,
    private readonly limiter: StripeRequestLimiter | null,
  ) {
    super();
  }

  override getClientName(): string {
    return this.inner.getClientName();
  }

  override async makeRequest(
    ...args: Parameters<Stripe.HttpClient['makeRequest']>
  ): Promise<Awaited<ReturnType<Stripe.HttpClient['makeRequest']>>> {
    const [, , path, method] = args;
    const operation = endpointOf(method, path);
    for (let attempt = 0; ; attempt++) {
      let release: (() => Promise<void>) | undefined;
      try {
        release = await this.limiter?.acquire(operation);
      } catch (err) {
        if (err instanceof StripeBusyError) return new BusyResponse(err.message);
        throw err;
      }
      let response;
      try {
        response = await this.inner.makeRequest(...args);
      } catch (err) {
        paymarketMetrics.stripeRequests.inc({ service: 'payments', operation, outcome: 'network_error' });
        throw err;
      } finally {
        void release?.();
      }
      const status = response.getStatusCode();
      paymarketMetrics.stripeRequests.inc({ service: 'payments', operation, outcome: outcomeOf(status) });
      if (status !== 429 || attempt >= RATE_LIMIT_RETRIES) return response;
      if (response.dispose) response.dispose();
      else (response.getRawResponse() as { resume?: () => void } | null)?.resume?.();
      await sleep(Math.min(4_000, 250 * 2 ** attempt) * (0.5 + Math.random()));
    }
  }
}

/** Turns the SDK's errors into the port's: outages become StripeUnavailableError, refusals StripeRequestError. */
function translate(err: unknown): Error {
  if (err instanceof Stripe.errors.StripeError) {
    if (
      err instanceof Stripe.errors.StripeConnectionError ||
      err instanceof Stripe.errors.StripeAPIError ||
      err instanceof Stripe.errors.StripeRateLimitError ||
      (err.statusCode ?? 0) >= 500
    ) {
      return new StripeUnavailableError(`Stripe is unavailable: ${err.message}`, { cause: err });
    }
    if (err instanceof Stripe.errors.StripeAuthenticationError) {
      // Our key is wrong: an operator problem, not the customer's; never echo the key.
      return new StripeUnavailableError('Stripe refused our API key (check STRIPE_SECRET_KEY).', { cause: err });
    }
    return new StripeRequestError(err.message, err.statusCode ?? 400, err.code ?? null, err.param ?? null, err.decline_code ?? null);
  }
  return err instanceof Error ? err : new Error(String(err));
}

export class StripeSdkGateway extends StripeGateway {
  readonly developmentMode: boolean;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    super();
    this.developmentMode = isDevelopmentMode(config);
    const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
    this.stripe = new Stripe(config.secretKey, {
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
      maxNetworkRetries: 2,
      httpClient: new LimitedHttpClient(Stripe.createNodeHttpClient(), config.limiter ?? null),
      timeout: config.timeoutMs ?? 20_000,
      appInfo: { name: 'PayMarket' },
    });
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw translate(err);
    }
  }

  async retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount | null> {
    try {
      const account = await this.stripe.accounts.retrieve(accountId);
      return {
        id: account.id,
        businessName: account.business_profile?.name ?? null,
        country: account.country ?? '',
        canReceiveTransfers: account.capabilities?.transfers === 'active',
        chargesEnabled: account.charges_enabled,
        payoutsEnabled: account.payouts_enabled,
        detailsSubmitted: account.details_submitted,
      };
    } catch (err) {
      // Stripe answers 404 resource_missing for an unknown id, and account_invalid (403) for an account that
      // exists but is not connected to our platform: to us both mean "no such account".
      if (
        err instanceof Stripe.errors.StripeError &&
        (err.code === 'resource_missing' || err.code === 'account_invalid' || err instanceof Stripe.errors.StripePermissionError)
      ) {
        return null;
      }
      throw translate(err);
    }
  }

  createPaymentIntent(input: CreatePaymentIntentInput): Promise<StripePaymentIntent> {
    return this.call(async () =>
      toPaymentIntent(
        await this.stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            transfer_group: input.transferGroup,
            metadata: input.metadata,
            automatic_payment_methods: { enabled: true },
            ...(input.description ? { description: input.description } : {}),
            ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
    );
  }

  async retrievePaymentIntent(paymentIntentId: string): Promise<StripePaymentIntent | null> {
    try {
      return toPaymentIntent(await this.stripe.paymentIntents.retrieve(paymentIntentId));
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.code === 'resource_missing') return null;
      throw translate(err);
    }
  }

  async confirmPaymentIntent(input: ConfirmPaymentIntentInput): Promise<StripePaymentIntent> {
    try {
      const intent = await this.stripe.paymentIntents.confirm(
        input.paymentIntentId,
        { payment_method: input.paymentMethod, ...(input.returnUrl ? { return_url: input.returnUrl } : {}) },
        input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
      );
      return toPaymentIntent(intent);
    } catch (err) {
      // A decline is an outcome, not a failure: Stripe puts the updated intent in the error.
      if (err instanceof Stripe.errors.StripeCardError) {
        const intent = (err.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
        if (intent) return toPaymentIntent(intent);
        const retrieved = await this.retrievePaymentIntent(input.paymentIntentId);
        if (retrieved) return retrieved;
      }
      throw translate(err);
    }
  }

  cancelPaymentIntent(paymentIntentId: string): Promise<StripePaymentIntent> {
    return this.call(async () => toPaymentIntent(await this.stripe.paymentIntents.cancel(paymentIntentId)));
  }

  createTransfer(input: CreateTransferInput): Promise<StripeTransfer> {
    return this.call(async () =>
      toTransfer(
        await this.stripe.transfers.create(
          {
            amount: input.amount,
            currency: input.currency,
            destination: input.destination,
            transfer_group: input.transferGroup,
            ...(input.sourceTransaction ? { source_transaction: input.sourceTransaction } : {}),
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
    );
  }

  retrieveTransfer(transferId: string): Promise<StripeTransfer> {
    return this.call(async () => toTransfer(await this.stripe.transfers.retrieve(transferId)));
  }

  createTransferReversal(input: {
    transferId: string;
    amount: number;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<StripeTransferReversal> {
    return this.call(async () => {
      const reversal = await this.stripe.transfers.createReversal(
        input.transferId,
        { amount: input.amount, ...(input.metadata ? { metadata: input.metadata } : {}) },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: reversal.id, transferId: idOf(reversal.transfer) ?? input.transferId, amount: reversal.amount };
    });
  }

  createRefund(input: CreateRefundInput): Promise<StripeRefund> {
    return this.call(async () => {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          ...(input.amount !== undefined ? { amount: input.amount } : {}),
          ...(input.reason ? { reason: input.reason } : {}),
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return {
        id: refund.id,
        amount: refund.amount,
        currency: refund.currency,
        status: refund.status,
        chargeId: idOf(refund.charge),
        paymentIntentId: idOf(refund.payment_intent),
      };
    });
  }

  override retrieveDispute(disputeId: string): Promise<StripeDispute> {
    return this.call(async () => {
      const d = await this.stripe.disputes.retrieve(disputeId);
      return {
        id: d.id,
        amount: d.amount,
        currency: d.currency,
        chargeId: idOf(d.charge) ?? '',
        paymentIntentId: idOf(d.payment_intent),
        reason: d.reason,
        status: d.status,
      };
    });
  }

  /**
   * Every page of a list (`starting_after` while `has_more`, the SDK's auto-pagination), each request through the
   * limiter like any other; Stripe answers newest first, the reconciliation wants oldest first.
   */
  private async all<T, U>(list: AsyncIterable<T>, map: (item: T) => U | null): Promise<U[]> {
    return this.call(async () => {
      const items: U[] = [];
      for await (const item of list) {
        const mapped = map(item);
        if (mapped !== null) items.push(mapped);
      }
      return items.reverse();
    });
  }

  override listPaymentIntents(since: number): Promise<StripePaymentIntent[]> {
    return this.all(this.stripe.paymentIntents.list({ created: { gte: since }, limit: 100 }), toPaymentIntent);
  }

  override listRefunds(since: number): Promise<StripeListedRefund[]> {
    return this.all(this.stripe.refunds.list({ created: { gte: since }, limit: 100 }), (refund) => ({
      id: refund.id,
      amount: refund.amount,
      currency: refund.currency,
      status: refund.status,
      chargeId: idOf(refund.charge),
      paymentIntentId: idOf(refund.payment_intent),
      created: refund.created,
      metadata: { ...refund.metadata },
    }));
  }

  override listTransfers(since: number): Promise<StripeListedTransfer[]> {
    return this.all(this.stripe.transfers.list({ created: { gte: since }, limit: 100 }), (transfer) => ({
      ...toTransfer(transfer),
      created: transfer.created,
      metadata: { ...transfer.metadata },
    }));
  }

  override listTransferReversals(transferId: string): Promise<StripeTransferReversalRecord[]> {
    return this.all(this.stripe.transfers.listReversals(transferId, { limit: 100 }), (reversal) => ({
      id: reversal.id,
      amount: reversal.amount,
      metadata: { ...reversal.metadata },
    }));
  }

  override listDisputes(since: number): Promise<Array<{ id: string; created: number }>> {
    return this.all(this.stripe.disputes.list({ created: { gte: since }, limit: 100 }), (d) => ({ id: d.id, created: d.created }));
  }

  constructWebhookEvent(rawBody: string | Buffer, signatureHeader: string): StripeWebhookEvent {
    if (!this.config.webhookSecret) throw new StripeSignatureError('STRIPE_WEBHOOK_SECRET is not configured; webhooks cannot be verified.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.config.webhookSecret);
    } catch (err) {
      throw new StripeSignatureError(err instanceof Error ? err.message : 'Invalid Stripe signature.');
    }
    return { id: event.id, type: event.type, created: event.created, object: event.data.object as unknown as Record<string, unknown> };
  }
}

function toProcessorIntent(intent: StripePaymentIntent): ProcessorPaymentIntent {
  if (!isCurrency(intent.currency))
    throw new StripeRequestError(`Unexpected currency ${intent.currency} on ${intent.id}`, 400, null, 'currency');
  return {
    id: intent.id,
    clientSecret: intent.clientSecret ?? '',
    status: intent.status,
    amount: BigInt(intent.amount),
    currency: intent.currency,
    latestChargeId: intent.latestChargeId,
    metadata: intent.metadata,
    lastErrorMessage: intent.lastError?.message ?? null,
    nextActionUrl: intent.nextActionUrl,
  };
}

/** Stripe's `created` filters are Unix seconds; rounded down so an object of the same second is included. */
function unixSeconds(time: Date): number {
  return Math.floor(time.getTime() / 1000);
}

function minorToNumber(amount: Minor): number {
  const value = Number(amount);
  if (!Number.isSafeInteger(value)) throw new RangeError(`amount ${amount} is out of range`);
  return value;
}

/** The checkout capability's PaymentProcessor port, served by the same SDK client. */
export class StripePaymentProcessor extends PaymentProcessor {
  readonly developmentMode: boolean;

  constructor(
    private readonly gateway: StripeSdkGateway,
    readonly publishableKey: string | null,
  ) {
    super();
    this.developmentMode = gateway.developmentMode;
  }

  async connectedAccountStatus(accountId: string): Promise<ConnectedAccountStatus> {
    const account = await this.gateway.retrieveConnectedAccount(accountId);
    return { exists: account !== null, transfersActive: account?.canReceiveTransfers ?? false };
  }

  async createPaymentIntent(input: {
    amount: Minor;
    currency: Currency;
    transferGroup: string;
    description: string | null;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProcessorPaymentIntent> {
    return toProcessorIntent(
      await this.gateway.createPaymentIntent({
        amount: minorToNumber(input.amount),
        currency: input.currency,
        transferGroup: input.transferGroup,
        metadata: input.metadata,
        ...(input.description ? { description: input.description } : {}),
        idempotencyKey: input.idempotencyKey,
      }),
    );
  }

  async retrievePaymentIntent(id: string): Promise<ProcessorPaymentIntent> {
    const intent = await this.gateway.retrievePaymentIntent(id);
    if (!intent) throw new StripeRequestError(`No such payment_intent: '${id}'`, 404, 'resource_missing', 'id');
    return toProcessorIntent(intent);
  }

  async confirmWithTestPaymentMethod(id: string, paymentMethod: string, returnUrl: string): Promise<ProcessorPaymentIntent> {
    return toProcessorIntent(await this.gateway.confirmPaymentIntent({ paymentIntentId: id, paymentMethod, returnUrl }));
  }

  async createTransfer(input: {
    amount: Minor;
    currency: Currency;
    destination: string;
    transferGroup: string;
    sourceTransaction: string | null;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<{ id: string }> {
    const transfer = await this.gateway.createTransfer({
      amount: minorToNumber(input.amount),
      currency: input.currency,
      destination: input.destination,
      transferGroup: input.transferGroup,
      sourceTransaction: input.sourceTransaction,
      metadata: input.metadata ?? {},
      idempotencyKey: input.idempotencyKey,
    });
    return { id: transfer.id };
  }

  async reverseTransfer(input: {
    transferId: string;
    amount: Minor;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<{ id: string }> {
    const reversal = await this.gateway.createTransferReversal({
      transferId: input.transferId,
      amount: minorToNumber(input.amount),
      idempotencyKey: input.idempotencyKey,
      ...(input.metadata ? { metadata: input.metadata } : {}),
    });
    return { id: reversal.id };
  }

  async createRefund(input: {
    paymentIntentId: string;
    amount: Minor;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<{ id: string }> {
    const refund = await this.gateway.createRefund({
      paymentIntentId: input.paymentIntentId,
      amount: minorToNumber(input.amount),
      metadata: input.metadata ?? {},
      idempotencyKey: input.idempotencyKey,
    });
    return { id: refund.id };
  }

  async retrieveTransfer(id: string): Promise<{ id: string; amount: Minor; amountReversed: Minor; destination: string }> {
    const transfer = await this.gateway.retrieveTransfer(id);
    return {
      id: transfer.id,
      amount: BigInt(transfer.amount),
      amountReversed: BigInt(transfer.amountReversed),
      destination: transfer.destination,
    };
  }

  verifyWebhook(payload: string, signature: string): ProcessorEvent {
    let event: StripeWebhookEvent;
    try {
      event = this.gateway.constructWebhookEvent(payload, signature);
    } catch (err) {
      if (err instanceof StripeSignatureError) throw new WebhookSignatureError(err.message);
      throw err;
    }
    const object = event.object;
    return {
      id: event.id,
      type: event.type,
      ...(object.object === 'payment_intent'
        ? { paymentIntent: toProcessorIntent(toPaymentIntent(object as unknown as Stripe.PaymentIntent)) }
        : {}),
      ...(object.object === 'dispute' && typeof object.id === 'string' ? { dispute: { id: object.id } } : {}),
    };
  }

  override async retrieveDispute(id: string): Promise<ProcessorDispute> {
    const d = await this.gateway.retrieveDispute(id);
    return { ...d, amount: BigInt(d.amount) };
  }

  override async listPaymentIntents(since: Date): Promise<ProcessorPaymentIntent[]> {
    const intents = await this.gateway.listPaymentIntents(unixSeconds(since));
    // An intent in a currency we never charge in is not one of our orders (another integration on the account).
    return intents.filter((intent) => isCurrency(intent.currency)).map(toProcessorIntent);
  }

  override async listRefunds(since: Date): Promise<ProcessorRefund[]> {
    const refunds = await this.gateway.listRefunds(unixSeconds(since));
    return refunds.map((r) => ({
      id: r.id,
      paymentIntentId: r.paymentIntentId,
      amount: BigInt(r.amount),
      status: r.status,
      metadata: r.metadata,
    }));
  }

  override async listTransfers(since: Date): Promise<ProcessorTransfer[]> {
    const transfers = await this.gateway.listTransfers(unixSeconds(since));
    return transfers.map((t) => ({
      id: t.id,
      amount: BigInt(t.amount),
      destination: t.destination,
      transferGroup: t.transferGroup,
      metadata: t.metadata,
    }));
  }

  override async listTransferReversals(transferId: string): Promise<ProcessorReversal[]> {
    const reversals = await this.gateway.listTransferReversals(transferId);
    return reversals.map((r) => ({ id: r.id, amount: BigInt(r.amount), metadata: r.metadata }));
  }

  override async listDisputes(since: Date): Promise<string[]> {
    return (await this.gateway.listDisputes(unixSeconds(since))).map((d) => d.id);
  }
}
