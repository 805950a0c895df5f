import type Stripe from 'stripe';
import type { TestCard } from './cards.js';
import { nowSeconds, stripeId } from './ids.js';

/** The API version the emulator reports in events (the one the pinned SDK speaks). */
export const EMULATOR_API_VERSION = '2026-10-28.endive';

export interface RequestContext {
  requestId: string;
  idempotencyKey: string | null;
}

export interface PaymentIntentRecord {
  intent: Stripe.PaymentIntent;
  /** While the intent waits for 3D Secure: where the authentication page sends the customer back to. */
  authentication?: { returnUrl: string | null; paymentMethodId: string };
}

export interface PaymentMethodRecord {
  method: Stripe.PaymentMethod;
  card: TestCard;
}

export interface AccountLinkRecord {
  token: string;
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  used: boolean;
}

type Listener = (event: Stripe.Event) => void;

/**
 * Everything the emulated Stripe account holds, in memory. Handlers mutate the stored objects and hand out
 * clones, so an object returned earlier (or carried by an event) never changes under its holder.
 */
export class EmulatorState {
  readonly accounts = new Map<string, Stripe.Account>();
  readonly accountLinks = new Map<string, AccountLinkRecord>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  readonly paymentIntents = new Map<string, PaymentIntentRecord>();
  readonly charges = new Map<string, Stripe.Charge>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly transfers = new Map<string, Stripe.Transfer>();
  readonly disputes = new Map<string, Stripe.Dispute>();
  readonly events = new Map<string, Stripe.Event>();
  private readonly listeners = new Set<Listener>();
  pendingWebhooks = 0;

  onEvent(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Records an event carrying a snapshot of `object`, then hands it to the webhook dispatcher. */
  emit(type: string, object: { id: string }, request: RequestContext | null, previousAttributes?: Record<string, unknown>): Stripe.Event {
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: EMULATOR_API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: this.pendingWebhooks,
      request: { id: request?.requestId ?? null, idempotency_key: request?.idempotencyKey ?? null },
      type,
    } as unknown as Stripe.Event;
    this.events.set(event.id, event);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  /** Finds any stored object by id (used to expand references). */
  lookup(id: string): object | undefined {
    const prefix = id.slice(0, id.indexOf('_'));
    switch (prefix) {
      case 'acct':
        return this.accounts.get(id);
      case 'pi':
        return this.paymentIntents.get(id)?.intent;
      case 'pm':
        return this.paymentMethods.get(id)?.method;
      case 'ch':
        return this.charges.get(id);
      case 're':
        return this.refunds.get(id);
      case 'tr':
        return this.transfers.get(id);
      case 'dp':
        return this.disputes.get(id);
      case 'evt':
        return this.events.get(id);
      default:
        return undefined;
    }
  }
}
