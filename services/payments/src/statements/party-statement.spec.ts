import { describe, expect, it } from '@jest/globals';
import { partyStatement, type StatementOrder } from './party-statement.js';

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

describe(partyStatement.name, () => {
  it('gives the seller its share, its part of refunds and of a lost dispute, and nets them', () => {
    const sut = partyStatement(
      'seller',
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
    const sut = partyStatement('seller', orders, '2026-10', '2026-11');
    expect(sut.lines.map((l) => l.orderId)).toEqual(['o1', 'cad']);
    expect(sut.totals.map((t) => [t.month, t.currency, t.yourHeldMinor, t.netMinor])).toEqual([
      ['2026-11', 'usd', '2678', '5356'],
      ['2026-10', 'cad', '0', '5356'],
    ]);
  });

  it("gives the provider its own share, its part of the refunds' allocation and its proportional part of a dispute", () => {
    const refund = [
      { party: 'platform' as const, amount: '100' },
      { party: 'seller' as const, amount: '500' },
      { party: 'provider' as const, amount: '400' },
    ];
    const orders = [
      order({ refunds: [refund, [{ party: 'provider' as const, amount: '44' }]] }),
      order({ orderId: 'lost', disputes: [{ status: 'lost', amount: 10_356n }] }),
      order({ orderId: 'open', disputes: [{ status: 'under_review', amount: 5_000n }] }),
    ];
    const sut = partyStatement('provider', orders, null, null);
    expect(sut.lines.find((l) => l.orderId === 'o1')).toMatchObject({
      yourShareMinor: '4644',
      providerShareMinor: '4644',
      yourRefundsMinor: '444',
      netMinor: '4200',
    });
    // 10,000 borne by the recipients (the fee is the platform's): 4,644 of it is the provider's.
    expect(sut.lines.find((l) => l.orderId === 'lost')).toMatchObject({
      dispute: { status: 'lost', disputedMinor: '10356', yourDisputedMinor: '4644' },
      netMinor: '0',
    });
    expect(sut.lines.find((l) => l.orderId === 'open')!.dispute).toEqual({
      status: 'under_review',
      disputedMinor: '5000',
      yourDisputedMinor: '2322',
    });
    expect(sut.totals).toEqual([
      {
        month: '2026-11',
        currency: 'usd',
        orders: 3,
        yourShareMinor: '13932',
        yourRefundsMinor: '444',
        yourHeldMinor: '2322',
        yourLostMinor: '4644',
        netMinor: String(4200 + 0 + 4644),
      },
    ]);
    // The same orders from the seller's side: each party sees only its own lines of the split and the refunds.
    expect(partyStatement('seller', orders, null, null).lines.find((l) => l.orderId === 'o1')).toMatchObject({
      yourShareMinor: '5356',
      yourRefundsMinor: '500',
    });
  });

  it('a marketplace (ADR 0051): its share, its part of refunds (its reversals), and its proportional part of a dispute', () => {
    const split = {
      lines: [
        { party: 'platform' as const, amount: '200' },
        { party: 'marketplace' as const, amount: '1000', stripeAccountId: 'acct_market', displayName: 'Craft Hub' },
        { party: 'seller' as const, amount: '4500', stripeAccountId: 'acct_seller' },
        { party: 'provider' as const, amount: '4500', stripeAccountId: 'acct_provider' },
      ],
    };
    const sut = partyStatement(
      'marketplace',
      [
        order({
          total: 10_200n,
          fee: 200n,
          refunded: 1020n,
          split,
          refunds: [
            [
              { party: 'platform', amount: '20' },
              { party: 'marketplace', amount: '100' },
              { party: 'seller', amount: '450' },
              { party: 'provider', amount: '450' },
            ],
          ],
        }),
        // A lost dispute of 50.00: borne by the payees in proportion (1000 : 4500 : 4500 of 10000) → 5.00 the marketplace's.
        order({ orderId: 'o2', total: 10_200n, fee: 200n, split, disputes: [{ status: 'lost', amount: 5000n }] }),
      ],
      null,
      null,
    );
    expect(sut.lines.find((l) => l.orderId === 'o1')).toMatchObject({ yourShareMinor: '1000', yourRefundsMinor: '100', netMinor: '900' });
    expect(sut.lines.find((l) => l.orderId === 'o2')).toMatchObject({
      yourShareMinor: '1000',
      dispute: { status: 'lost', disputedMinor: '5000', yourDisputedMinor: '500' },
      netMinor: '500',
    });
    expect(sut.totals[0]).toMatchObject({
      orders: 2,
      yourShareMinor: '2000',
      yourRefundsMinor: '100',
      yourLostMinor: '500',
      netMinor: '1400',
    });
    // The seller's part of the same dispute shrinks by the marketplace's: 2250 of 5000.
    const seller = partyStatement('seller', [order({ orderId: 'o2', split, disputes: [{ status: 'lost', amount: 5000n }] })], null, null);
    expect(seller.lines[0]!.dispute!.yourDisputedMinor).toBe('2250');
  });
});
