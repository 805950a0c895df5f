import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { startStripeEmulator, type StripeEmulator } from '../src/index.js';

const HOUR = 3600;

/**
 * The list endpoints a reconciliation after a database restore reads (ADR 0069): `created[gte]` (and gt, lt, lte, or
 * an exact time) filters, and `starting_after` / `has_more` page through the rest, as Stripe does.
 */
describe('Stripe emulator lists: created filters and pagination', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  const now = Math.floor(Date.now() / 1000);
  const old: Record<'intent' | 'refund' | 'transfer' | 'dispute', string> = { intent: '', refund: '', transfer: '', dispute: '' };

  /** A paid intent with a transfer, a refund and a dispute, every object stamped `created` at `at`. */
  async function paidAt(at: number) {
    const intent = await stripe.paymentIntents.create({
      amount: 10_356,
      currency: 'usd',
      confirm: true,
      payment_method: 'pm_card_createDispute',
    });
    const transfer = await stripe.transfers.create({
      amount: 5_000,
      currency: 'usd',
      destination: 'acct_1PMDemoPrintCo00001',
      source_transaction: intent.latest_charge as string,
    });
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 100 });
    const dispute = [...emulator.state.disputes.values()].find((d) => d.payment_intent === intent.id)!;
    emulator.state.paymentIntents.get(intent.id)!.intent.created = at;
    emulator.state.transfers.get(transfer.id)!.created = at;
    emulator.state.refunds.get(refund.id)!.created = at;
    dispute.created = at;
    return { intent: intent.id, transfer: transfer.id, refund: refund.id, dispute: dispute.id };
  }

  beforeAll(async () => {
    emulator = await startStripeEmulator();
    stripe = new Stripe('sk_test_list_spec', { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
    Object.assign(old, await paidAt(now - 2 * HOUR));
    for (let i = 0; i < 3; i++) await paidAt(now - 60 + i);
  });

  afterAll(async () => {
    await emulator?.close();
  });

  it('lists only what was created at or after created[gte], on every endpoint a reconciliation reads', async () => {
    const since = { gte: now - HOUR };
    const lists = {
      intent: (await stripe.paymentIntents.list({ created: since, limit: 100 })).data,
      transfer: (await stripe.transfers.list({ created: since, limit: 100 })).data,
      refund: (await stripe.refunds.list({ created: since, limit: 100 })).data,
      dispute: (await stripe.disputes.list({ created: since, limit: 100 } as Stripe.DisputeListParams)).data,
    };
    for (const [kind, data] of Object.entries(lists)) {
      expect({ kind, count: data.length }).toEqual({ kind, count: 3 });
      expect(data.map((o) => o.id)).not.toContain(old[kind as keyof typeof old]);
      expect(data.every((o) => o.created >= now - HOUR)).toBe(true);
    }
    const before = await stripe.paymentIntents.list({ created: { lt: now - HOUR }, limit: 100 });
    expect(before.data.map((i) => i.id)).toEqual([old.intent]);
    const exactly = await stripe.paymentIntents.list({ created: now - 2 * HOUR, limit: 100 });
    expect(exactly.data.map((i) => i.id)).toEqual([old.intent]);
  });

  it('pages with starting_after while has_more, newest first, and the SDK auto-pagination sees each object once', async () => {
    const first = await stripe.paymentIntents.list({ created: { gte: now - HOUR }, limit: 2 });
    expect(first.has_more).toBe(true);
    const second = await stripe.paymentIntents.list({ created: { gte: now - HOUR }, limit: 2, starting_after: first.data[1]!.id });
    expect(second.has_more).toBe(false);
    const ids = [...first.data, ...second.data].map((i) => i.id);
    expect(new Set(ids).size).toBe(3);
    expect([...first.data, ...second.data].map((i) => i.created)).toEqual([now - 58, now - 59, now - 60]);
    const all: string[] = [];
    for await (const intent of stripe.paymentIntents.list({ created: { gte: now - HOUR }, limit: 1 })) all.push(intent.id);
    expect(all).toEqual(ids);
  });

  it('refuses a created filter that is not Unix seconds, naming it', async () => {
    const err = await stripe.paymentIntents.list({ created: { gte: 'yesterday' as unknown as number } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 400, param: 'created[gte]' });
    const unknown = await stripe.transfers.list({ created: { after: 1 } as unknown as Stripe.RangeQueryParam }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ statusCode: 400, param: 'created[after]' });
  });
});
