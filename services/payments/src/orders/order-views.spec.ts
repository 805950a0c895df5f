import { describe, expect, it } from '@jest/globals';
import { toApiOrderView } from '../checkout/company-orders.use-case.js';
import { breakdownOf } from '../checkout/payment-intents.use-case.js';
import { storedSplit } from '../checkout/create-order.use-case.js';
import type { OrderMarketplace } from '../marketplaces/order-marketplace.js';
import type { OrderEntity } from './order.entity.js';
import { toOrderView } from './orders.repository.js';

const MARKETPLACE = '0b7d1a4e-1111-4c2d-8e3f-000000000001';
const craftHub: OrderMarketplace = {
  terms: { customFees: true, transactionFee: { usd: 200n, cad: 250n }, platformFeeBps: 250 },
  feeTerms: {
    marketplaceId: MARKETPLACE,
    name: 'Craft Hub',
    customFees: true,
    transactionFeeMinor: '200',
    platformFeeBps: 250,
    version: 4,
  },
  payee: { stripeAccountId: 'acct_market0000000001', displayName: 'Craft Hub' },
};

function orderOf(marketplace: OrderMarketplace | null): OrderEntity {
  const stored = storedSplit(
    10000n,
    'usd',
    { party: 'provider', stripeAccountId: 'acct_provider00000001', displayName: 'Demo Print Co.' },
    marketplace,
  );
  return {
    id: '00000000-0000-4000-8000-000000000001',
    orderId: 'order_1',
    kind: 'order',
    companyId: '11111111-1111-4111-8111-111111111111',
    buyerId: null,
    buyerEmail: 'ann@example.com',
    buyerName: 'Ann',
    description: 'Cards',
    currency: 'usd',
    amount: 10000n,
    fee: stored.fee,
    total: stored.total,
    refunded: 0n,
    recipientRef: 'acct_provider00000001',
    split: stored.split,
    marketplaceId: stored.marketplaceId,
    feeTerms: stored.feeTerms,
    status: 'completed',
    paymentIntentId: 'pi_1',
    latestChargeId: null,
    failureMessage: null,
    createdAt: new Date('2026-11-27T08:00:00Z'),
    updatedAt: new Date('2026-11-27T08:00:00Z'),
  };
}

describe('order views with a marketplace (ADR 0051)', () => {
  const order = orderOf(craftHub);

  it('stores the marketplace line with its payout account and name, and the terms in force', () => {
    expect(order.split.lines).toEqual([
      { party: 'platform', amount: '200' },
      { party: 'marketplace', amount: '250', stripeAccountId: 'acct_market0000000001', displayName: 'Craft Hub' },
      { party: 'provider', amount: '9750', stripeAccountId: 'acct_provider00000001', displayName: 'Demo Print Co.' },
    ]);
    expect(order.total).toBe(10200n);
    expect(order.fee).toBe(200n);
    expect(order.marketplaceId).toBe(MARKETPLACE);
  });

  it('shows the split by name (PayMarket, the marketplace, the recipient) and the terms as decimal text, on both views', () => {
    const split = [
      { party: 'platform', amount: '2.00', name: 'PayMarket' },
      { party: 'marketplace', amount: '2.50', name: 'Craft Hub' },
      { party: 'provider', amount: '97.50', name: 'Demo Print Co.' },
    ];
    const marketplace = { id: MARKETPLACE, name: 'Craft Hub', terms: { customFees: true, transactionFee: '2.00', platformFee: '2.5' } };
    expect(toOrderView(order)).toMatchObject({
      split,
      marketplace,
      recipient: { party: 'provider', name: 'Demo Print Co.' },
      total: '102.00',
    });
    expect(toApiOrderView(order)).toMatchObject({ split, marketplace });
    const sum = toOrderView(order).split.reduce((a, l) => a + Math.round(Number(l.amount) * 100), 0);
    expect(sum).toBe(10200);
  });

  it("the payment breakdown names the marketplace share apart from the seller's", () => {
    expect(breakdownOf(order)).toEqual({
      sellerGets: '97.50',
      paymarketGets: '2.00',
      marketplaceGets: '2.50',
      total: '102.00',
      currency: 'usd',
    });
  });

  it("PayMarket's own orders: no marketplace, today's split", () => {
    const own = orderOf(null);
    expect(toOrderView(own).marketplace).toBeNull();
    expect(toApiOrderView(own).split).toEqual([
      { party: 'platform', amount: '3.56', name: 'PayMarket' },
      { party: 'provider', amount: '100.00', name: 'Demo Print Co.' },
    ]);
    expect(breakdownOf(own)).toEqual({ sellerGets: '100.00', paymarketGets: '3.56', total: '103.56', currency: 'usd' });
  });
});
