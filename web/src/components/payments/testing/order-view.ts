import type { OrderView } from '@paymarket/contracts';

/**
 * A buyer's completed order as the API answers it (`OrderView`): a $100.00 payment to the demo print provider with its
 * fee. The specs of the order card, the orders page and the prerender start from it and change what they test.
 */
export function orderView(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: 'id-1',
    orderId: 'ORD-1',
    createdAt: '2025-03-01T10:00:00.000Z',
    status: 'completed',
    amount: '100.00',
    fee: '3.56',
    total: '103.56',
    refunded: '0.00',
    currency: 'usd',
    description: null,
    printProviderId: 'acct_1PMDemoPrintCo00001',
    recipient: { party: 'provider', name: 'Demo Print Co.' },
    stripePaymentIntentId: 'pi_abc',
    buyerEmail: 'ada@example.com',
    marketplace: null,
    split: [],
    ...overrides,
  };
}
