import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { allocateRefund } from '../fees/apportion.js';
import { quoteOrder } from '../fees/fee-policy.js';
import {
  chargeEntry,
  FEE_REVENUE,
  payableAccount,
  refundEntry,
  STRIPE_BALANCE,
  transferEntry,
  transferReversalEntry,
  trialBalance,
  verifyJournal,
  type JournalEntry,
  type Recipient,
} from './journal.js';

const seller: Recipient = { party: 'seller', stripeAccountId: 'acct_seller000000000001' };
const provider: Recipient = { party: 'provider', stripeAccountId: 'acct_provider0000000001' };

describe('journal', () => {
  it("books the spec's sample order, its transfers and a full refund, ending at zero", () => {
    const split = quoteOrder({ amount: 9644n, currency: 'usd', recipient: 'seller', providerCost: 4644n });
    const entries: JournalEntry[] = [
      chargeEntry('o1', split, [seller, provider]),
      transferEntry('o1', seller, 5000n),
      transferEntry('o1', provider, 4644n),
    ];
    let balances = trialBalance(entries);
    expect(balances.get(STRIPE_BALANCE)).toBe(356n);
    expect(balances.get(FEE_REVENUE)).toBe(-356n);
    expect(balances.get(payableAccount('seller', seller.stripeAccountId))).toBe(0n);

    entries.push(transferReversalEntry('o1', seller, 5000n), transferReversalEntry('o1', provider, 4644n));
    entries.push(
      refundEntry('o1', [
        { party: 'platform', amount: 356n },
        { party: 'seller', stripeAccountId: seller.stripeAccountId, amount: 5000n },
        { party: 'provider', stripeAccountId: provider.stripeAccountId, amount: 4644n },
      ]),
    );
    balances = trialBalance(entries);
    expect([...balances.values()].every((v) => v === 0n)).toBe(true);
    expect(verifyJournal(entries)).toEqual([]);
  });

  it('refuses to build an entry that does not balance', () => {
    expect(() => refundEntry('o2', [])).not.toThrow();
    const split = quoteOrder({ amount: 1000n, currency: 'usd', recipient: 'provider' });
    expect(() => chargeEntry('o3', split, [])).toThrow('no connected account');
  });

  it('property: after any sequence of payments, failures, transfers and partial refunds every entry balances and the journal sums to zero', () => {
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('pay' as const),
        amount: fc.bigInt({ min: 1n, max: 5_000_000n }),
        threeWay: fc.boolean(),
        cad: fc.boolean(),
        fails: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('refund' as const), order: fc.nat(), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 25 }), (operations) => {
        const entries: JournalEntry[] = [];
        const orders: Array<{ id: string; parts: Array<{ party: 'platform' | 'seller' | 'provider'; remaining: bigint }> }> = [];
        operations.forEach((op, n) => {
          if (op.kind === 'pay') {
            if (op.fails) return; // a failed payment books nothing
            const split = quoteOrder({
              amount: op.amount,
              currency: op.cad ? 'cad' : 'usd',
              recipient: 'provider',
              providerCost: op.threeWay ? op.amount / 3n : undefined,
            });
            const id = `o${n}`;
            entries.push(chargeEntry(id, split, [seller, provider]));
            for (const line of split.lines)
              if (line.party !== 'platform') entries.push(transferEntry(id, line.party === 'seller' ? seller : provider, line.amount));
            orders.push({ id, parts: split.lines.map((l) => ({ party: l.party, remaining: l.amount })) });
            return;
          }
          const order = orders[op.order % Math.max(orders.length, 1)];
          if (!order) return;
          const held = order.parts.reduce((a, p) => a + p.remaining, 0n);
          const amount = (held * BigInt(Math.floor(op.fraction * 1000))) / 1000n;
          const taken = allocateRefund(
            order.parts.map((p) => p.remaining),
            amount,
          );
          order.parts.forEach((p, i) => {
            if (p.party !== 'platform' && taken[i]! > 0n)
              entries.push(transferReversalEntry(order.id, p.party === 'seller' ? seller : provider, taken[i]!));
            p.remaining -= taken[i]!;
          });
          entries.push(
            refundEntry(
              order.id,
              order.parts.map((p, i) => ({
                party: p.party,
                stripeAccountId: p.party === 'seller' ? seller.stripeAccountId : provider.stripeAccountId,
                amount: taken[i]!,
              })),
            ),
          );
        });
        expect(verifyJournal(entries)).toEqual([]);
        // What stays in our Stripe balance is exactly the fees not refunded.
        const feesKept = orders.reduce(
          (a, o) => a + o.parts.filter((p) => p.party === 'platform').reduce((x, p) => x + p.remaining, 0n),
          0n,
        );
        expect(trialBalance(entries).get(STRIPE_BALANCE) ?? 0n).toBe(feesKept);
      }),
    );
  });
});
