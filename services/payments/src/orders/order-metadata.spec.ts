import { describe, expect, it } from '@jest/globals';
import type { OrderEntity } from './order.entity.js';
import { stableEventId } from './event-ids.js';
import { orderFromMetadata, OrderMetadataError, orderMetadata } from './order-metadata.js';

function anOrder(overrides: Partial<OrderEntity> = {}): OrderEntity {
  return {
    id: '0e0e0e0e-0000-4000-8000-000000000001',
    orderId: 'order_42',
    kind: 'order',
    companyId: 'c0c0c0c0-0000-4000-8000-000000000002',
    buyerId: null,
    buyerEmail: 'ada@example.com',
    buyerName: 'Ada',
    description: 'Forty-two prints',
    currency: 'usd',
    amount: 10_000n,
    fee: 356n,
    total: 10_356n,
    refunded: 0n,
    recipientRef: 'seller_5e11e500-0000-4000-8000-000000000001',
    split: {
      lines: [
        { party: 'platform', amount: '356' },
        { party: 'seller', amount: '5000', stripeAccountId: 'acct_1PMDemoMapleInk0002', displayName: 'Maple Ink' },
        { party: 'provider', amount: '5000', stripeAccountId: 'acct_1PMDemoPrintCo00001' },
      ],
    },
    marketplaceId: 'aaaaaaaa-0000-4000-8000-000000000003',
    feeTerms: {
      marketplaceId: 'aaaaaaaa-0000-4000-8000-000000000003',
      name: 'Prints Co',
      customFees: false,
      transactionFeeMinor: '356',
      platformFeeBps: null,
      version: 3,
    },
    status: 'processing',
    paymentIntentId: null,
    latestChargeId: null,
    failureMessage: null,
    createdAt: new Date('2026-12-01T10:00:00.123Z'),
    updatedAt: new Date('2026-12-01T10:00:01Z'),
    ...overrides,
  };
}

const intentOf = (order: OrderEntity, metadata = orderMetadata(order)) => ({
  id: 'pi_1',
  amount: order.total,
  currency: order.currency,
  metadata,
});

describe('order metadata on the PaymentIntent (ADR 0069)', () => {
  it('rebuilds the order the PaymentIntent was made for, field by field', () => {
    const order = anOrder();
    const { status: _s, paymentIntentId: _p, latestChargeId: _l, failureMessage: _f, refunded: _r, updatedAt: _u, ...rest } = order;
    expect(orderFromMetadata(intentOf(order))).toEqual(rest);
    const guest = anOrder({
      companyId: null,
      buyerId: null,
      buyerName: null,
      description: null,
      marketplaceId: null,
      feeTerms: null,
      kind: 'direct',
    });
    expect(orderFromMetadata(intentOf(guest))).toMatchObject({ companyId: null, kind: 'direct', feeTerms: null, description: null });
  });

  it('stays within Stripe’s limits: 50 keys, values of at most 500 characters', () => {
    const long = 'x'.repeat(600);
    const metadata = orderMetadata(
      anOrder({ buyerName: long, split: { lines: [{ party: 'platform', amount: '10356', displayName: long }] } }),
    );
    expect(Object.keys(metadata).length).toBeLessThanOrEqual(50);
    for (const value of Object.values(metadata)) expect(value.length).toBeLessThanOrEqual(500);
  });

  it('refuses metadata that cannot rebuild an order, naming the field', () => {
    const order = anOrder();
    const cases: Array<[Record<string, string>, string]> = [
      [{ order_id: 'order_42', order_uuid: order.id }, 'pm_order_v'],
      [{ ...orderMetadata(order), amount_minor: '9999' }, 'amount_minor'],
      [{ ...orderMetadata(order), buyer_id: 'not-a-uuid' }, 'buyer_id'],
      [{ ...orderMetadata(order), split_1: '{' }, 'split_1'],
      [{ ...orderMetadata(order), split_2: JSON.stringify({ party: 'provider', amount: '4000' }) }, 'split_0'],
    ];
    for (const [metadata, field] of cases) {
      const error = (() => {
        try {
          orderFromMetadata(intentOf(order, metadata));
        } catch (err) {
          return err;
        }
      })();
      expect(error).toBeInstanceOf(OrderMetadataError);
      expect((error as OrderMetadataError).field).toBe(field);
    }
  });
});

describe(stableEventId.name, () => {
  it('is a version-5-shaped uuid, the same for the same fact and different for any other', () => {
    const id = stableEventId('payment.succeeded', 'pi_1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableEventId('payment.succeeded', 'pi_1')).toBe(id);
    expect(new Set([id, stableEventId('payment.succeeded', 'pi_2'), stableEventId('payment.failed', 'pi_1')]).size).toBe(3);
    expect(stableEventId('order.updated', 'pi_1', 'completed')).not.toBe(stableEventId('order.updated', 'pi_1', 'failed'));
  });
});
