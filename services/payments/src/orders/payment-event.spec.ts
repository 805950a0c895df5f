import { describe, expect, it } from '@jest/globals';
import type { OrderEntity } from './order.entity.js';
import { paymentEventPayload } from './payment-event.js';

const order = {
  id: '00000000-0000-0000-0000-000000000001',
  orderId: 'order_7',
  kind: 'order',
  companyId: null,
  buyerId: null,
  buyerEmail: 'ana@example.com',
  buyerName: 'Ana',
  description: 'Cards',
  currency: 'usd',
  amount: 10000n,
  fee: 356n,
  total: 10356n,
  refunded: 0n,
  recipientRef: 'seller_1',
  split: {
    lines: [
      { party: 'platform', amount: '356' },
      { party: 'seller', amount: '5000', stripeAccountId: 'acct_a', displayName: 'Harbour' },
      { party: 'provider', amount: '5000', stripeAccountId: 'acct_b' },
    ],
  },
  status: 'completed',
  paymentIntentId: 'pi_1',
  latestChargeId: null,
  failureMessage: null,
  createdAt: new Date(),
  updatedAt: new Date(),
} as OrderEntity;

describe('paymentEventPayload', () => {
  it('carries what a receipt needs, money as minor-unit strings, and no account ids', () => {
    const payload = paymentEventPayload(order, 'pi_1');
    expect(payload).toEqual({
      orderId: 'order_7',
      companyId: null,
      paymentIntentId: 'pi_1',
      currency: 'usd',
      totalMinor: '10356',
      buyerEmail: 'ana@example.com',
      kind: 'order',
      buyerName: 'Ana',
      description: 'Cards',
      amountMinor: '10000',
      feeMinor: '356',
      recipients: [
        { party: 'seller', displayName: 'Harbour', amountMinor: '5000' },
        { party: 'provider', displayName: null, amountMinor: '5000' },
      ],
    });
    expect(JSON.stringify(payload)).not.toContain('acct_');
  });

  it('carries the owning integrator company of an API order (ADR 0032), and null for PayMarket’s own orders', () => {
    const companyId = '11111111-2222-4333-8444-555555555555';
    expect(paymentEventPayload({ ...order, companyId } as OrderEntity, 'pi_1').companyId).toBe(companyId);
    expect(paymentEventPayload(order, 'pi_1').companyId).toBeNull();
  });
});
