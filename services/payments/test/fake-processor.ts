import { randomUUID } from 'node:crypto';
import type { Currency, Minor } from '../src/fees/money.js';
import {
  PaymentProcessor,
  WebhookSignatureError,
  type ConnectedAccountStatus,
  type ProcessorEvent,
  type ProcessorPaymentIntent,
} from '../src/checkout/payment-processor.js';

/** An in-memory stand-in for Stripe that honours idempotency keys, for domain tests. */
export class FakeProcessor extends PaymentProcessor {
  readonly developmentMode = true;
  readonly publishableKey = null;
  readonly accounts = new Map<string, ConnectedAccountStatus>([
    ['acct_1PMDemoPrintCo00001', { exists: true, transfersActive: true }],
    ['acct_1PMDemoRestricted03', { exists: true, transfersActive: false }],
  ]);
  readonly intents = new Map<string, ProcessorPaymentIntent>();
  readonly transfers = new Map<string, { id: string; amount: Minor; amountReversed: Minor; destination: string }>();
  readonly refunds: Array<{ id: string; paymentIntentId: string; amount: Minor }> = [];
  private readonly keys = new Map<string, unknown>();
  calls = 0;

  private once<T>(key: string, make: () => T): T {
    if (!this.keys.has(key)) this.keys.set(key, make());
    return this.keys.get(key) as T;
  }

  async connectedAccountStatus(accountId: string): Promise<ConnectedAccountStatus> {
    return this.accounts.get(accountId) ?? { exists: false, transfersActive: false };
  }

  async createPaymentIntent(input: {
    amount: Minor;
    currency: Currency;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProcessorPaymentIntent> {
    this.calls++;
    return this.once(input.idempotencyKey, () => {
      const id = `pi_${randomUUID().replace(/-/g, '')}`;
      const intent: ProcessorPaymentIntent = {
        id,
        clientSecret: `${id}_secret_x`,
        status: 'requires_payment_method',
        amount: input.amount,
        currency: input.currency,
        latestChargeId: null,
        metadata: input.metadata,
        lastErrorMessage: null,
        nextActionUrl: null,
      };
      this.intents.set(id, intent);
      return { ...intent };
    });
  }

  async retrievePaymentIntent(id: string): Promise<ProcessorPaymentIntent> {
    const intent = this.intents.get(id);
    if (!intent) throw new Error('No such payment_intent');
    return { ...intent };
  }

  async confirmWithTestPaymentMethod(id: string, paymentMethod: string): Promise<ProcessorPaymentIntent> {
    const intent = this.intents.get(id)!;
    if (paymentMethod === 'pm_card_visa')
      Object.assign(intent, { status: 'succeeded', latestChargeId: `ch_${id.slice(3)}`, lastErrorMessage: null });
    else if (paymentMethod === 'pm_card_authenticationRequired')
      Object.assign(intent, { status: 'requires_action', nextActionUrl: `http://emulator/3ds/${id}` });
    else Object.assign(intent, { status: 'requires_payment_method', lastErrorMessage: 'Your card was declined.' });
    return { ...intent };
  }

  succeed(id: string): void {
    Object.assign(this.intents.get(id)!, { status: 'succeeded', latestChargeId: `ch_${id.slice(3)}`, nextActionUrl: null });
  }

  async createTransfer(input: { amount: Minor; destination: string; idempotencyKey: string }): Promise<{ id: string }> {
    return this.once(input.idempotencyKey, () => {
      const id = `tr_${randomUUID().slice(0, 8)}`;
      this.transfers.set(id, { id, amount: input.amount, amountReversed: 0n, destination: input.destination });
      return { id };
    });
  }

  async reverseTransfer(input: { transferId: string; amount: Minor; idempotencyKey: string }): Promise<{ id: string }> {
    return this.once(input.idempotencyKey, () => {
      const transfer = this.transfers.get(input.transferId)!;
      if (transfer.amountReversed + input.amount > transfer.amount) throw new Error('reversal exceeds transfer');
      transfer.amountReversed += input.amount;
      return { id: `trr_${randomUUID().slice(0, 8)}` };
    });
  }

  async createRefund(input: { paymentIntentId: string; amount: Minor; idempotencyKey: string }): Promise<{ id: string }> {
    return this.once(input.idempotencyKey, () => {
      const id = `re_${randomUUID().slice(0, 8)}`;
      this.refunds.push({ id, paymentIntentId: input.paymentIntentId, amount: input.amount });
      return { id };
    });
  }

  async retrieveTransfer(id: string): Promise<{ id: string; amount: Minor; amountReversed: Minor; destination: string }> {
    return { ...this.transfers.get(id)! };
  }

  verifyWebhook(payload: string, signature: string): ProcessorEvent {
    if (signature !== 'valid') throw new WebhookSignatureError('bad signature');
    const event = JSON.parse(payload) as { id: string; type: string; data: { object: { id: string } } };
    return { id: event.id, type: event.type, paymentIntent: this.intents.get(event.data.object.id) };
  }
}
