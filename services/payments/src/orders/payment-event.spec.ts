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
  marketplaceId: null,
  feeTerms: null,
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
      marketplace: null,
    });
    expect(JSON.stringify(payload)).not.toContain('acct_');
  });

  it('carries the owning integrator company of an API order (ADR 0032), and null for PayMarket’s own orders', () => {
    const companyId = '11111111-2222-4333-8444-555555555555';
    expect(paymentEventPayload({ ...order, companyId } as OrderEntity, 'pi_1').companyId).toBe(companyId);
    expect(paymentEventPayload(order, 'pi_1').companyId).toBeNull();
  });

  it("a marketplace order (ADR 0051): feeMinor is PayMarket's line alone, the marketplace's share is its own field", () => {
    const marketplaceId = '33333333-4444-4555-8666-777777777777';
    const payload = paymentEventPayload(
      {
        ...order,
        fee: 200n,
        total: 10200n,
        marketplaceId,
        feeTerms: { marketplaceId, name: 'Craft Hub', customFees: true, transactionFeeMinor: '200', platformFeeBps: 1000, version: 3 },
        split: {
          lines: [
            { party: 'platform', amount: '200' },
            { party: 'marketplace', amount: '1000', stripeAccountId: 'acct_m', displayName: 'Craft Hub' },
            { party: 'seller', amount: '4500', stripeAccountId: 'acct_a', displayName: 'Harbour' },
            { party: 'provider', amount: '4500', stripeAccountId: 'acct_b' },
          ],
        },
      } as OrderEntity,
      'pi_1',
    );
    expect(payload.feeMinor).toBe('200');
    expect(payload.marketplace).toEqual({ id: marketplaceId, name: 'Craft Hub', amountMinor: '1000' });
    expect(payload.recipients.map((r) => r.party)).toEqual(['seller', 'provider']);
    const parts = [payload.feeMinor, payload.marketplace!.amountMinor, ...payload.recipients.map((r) => r.amountMinor)];
    expect(parts.reduce((a, x) => a + BigInt(x), 0n)).toBe(BigInt(payload.totalMinor));
    expect(JSON.stringify(payload)).not.toContain('acct_');
  });

  it('a marketplace without custom fees records its terms but has no share: marketplace is null', () => {
    const marketplaceId = '33333333-4444-4555-8666-777777777777';
    const feeTerms = { marketplaceId, name: 'Craft Hub', customFees: false, transactionFeeMinor: '356', platformFeeBps: null, version: 1 };
    const payload = paymentEventPayload({ ...order, marketplaceId, feeTerms } as OrderEntity, 'pi_1');
    expect(payload.marketplace).toBeNull();
    expect(payload.feeMinor).toBe('356');
  });
});
