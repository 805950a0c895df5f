import { describe, expect, it } from '@jest/globals';
import { sellerStatement, type StatementOrder } from './seller-statement.js';

const order = (overrides: Partial<StatementOrder> = {}): StatementOrder => ({
  orderId: 'o1',
  status: 'completed',
  currency: 'usd',
  total: 10_356n,
  fee: 356n,
  refunded: 0n,
  split: {
    lines: [
      { party: 'platform', amount: '356' },
      { party: 'seller', amount: '5356', stripeAccountId: 'acct_seller' },
      { party: 'provider', amount: '4644', stripeAccountId: 'acct_provider' },
    ],
  },
  paidAt: new Date('2026-11-03T10:00:00Z'),
  refunds: [],
  disputes: [],
  ...overrides,
});

describe(sellerStatement.name, () => {
  it('gives the seller its share, its part of refunds and of a lost dispute, and nets them', () => {
    const sut = sellerStatement(
      's1',
      [
        order({
          refunds: [
            [
              { party: 'platform', amount: '100' },
              { party: 'seller', amount: '500' },
              { party: 'provider', amount: '400' },
            ],
          ],
        }),
        order({ orderId: 'o2', disputes: [{ status: 'lost', amount: 10_356n }] }),
      ],
      null,
      null,
    );
    expect(sut.lines.find((l) => l.orderId === 'o1')).toMatchObject({ yourShareMinor: '5356', yourRefundsMinor: '500', netMinor: '4856' });
    // The fee is the platform's: recipients bear at most what they were paid, in proportion.
    expect(sut.lines.find((l) => l.orderId === 'o2')).toMatchObject({
      dispute: { status: 'lost', disputedMinor: '10356', yourDisputedMinor: '5356' },
      netMinor: '0',
    });
    expect(sut.totals).toEqual([
      {
        month: '2026-11',
        currency: 'usd',
        orders: 2,
        yourShareMinor: '10712',
        yourRefundsMinor: '500',
        yourHeldMinor: '0',
        yourLostMinor: '5356',
        netMinor: '4856',
      },
    ]);
  });

  it('holds an open dispute without netting it, groups by month and currency, and filters months inclusively', () => {
    const orders = [
      order({ disputes: [{ status: 'needs_response', amount: 5_000n }] }),
      order({ orderId: 'cad', currency: 'cad', paidAt: new Date('2026-10-31T23:59:59Z') }),
      order({ orderId: 'old', paidAt: new Date('2026-09-01T00:00:00Z') }),
    ];
    const sut = sellerStatement('s1', orders, '2026-10', '2026-11');
    expect(sut.lines.map((l) => l.orderId)).toEqual(['o1', 'cad']);
    expect(sut.totals.map((t) => [t.month, t.currency, t.yourHeldMinor, t.netMinor])).toEqual([
      ['2026-11', 'usd', '2678', '5356'],
      ['2026-10', 'cad', '0', '5356'],
    ]);
  });
});
