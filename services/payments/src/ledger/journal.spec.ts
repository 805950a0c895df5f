import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { allocateRefund } from '../fees/apportion.js';
import { quoteOrder, type Party } from '../fees/fee-policy.js';
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
const marketplace: Recipient = { party: 'marketplace', stripeAccountId: 'acct_marketplace000000001' };
const whoIs = (party: Exclude<Party, 'platform'>): Recipient => ({ seller, provider, marketplace })[party];

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

  it('books a marketplace share as payable:marketplace:<acct>, settled by its transfer (ADR 0051)', () => {
    const terms = { customFees: true, transactionFee: { usd: 200n, cad: 200n }, platformFeeBps: 1000 };
    const split = quoteOrder({ amount: 10000n, currency: 'usd', recipient: 'provider', marketplace: terms });
    const charge = chargeEntry('o4', split, [provider, marketplace]);
    expect(charge.postings).toEqual([
      { account: STRIPE_BALANCE, amount: 10200n },
      { account: FEE_REVENUE, amount: -200n },
      { account: 'payable:marketplace:acct_marketplace000000001', amount: -1000n },
      { account: payableAccount('provider', provider.stripeAccountId), amount: -9000n },
    ]);
    const balances = trialBalance([charge, transferEntry('o4', marketplace, 1000n), transferEntry('o4', provider, 9000n)]);
    expect(balances.get(payableAccount('marketplace', marketplace.stripeAccountId))).toBe(0n);
    expect(balances.get(STRIPE_BALANCE)).toBe(200n);
    expect(() => chargeEntry('o5', split, [provider])).toThrow('no connected account for the marketplace');
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
        // ADR 0051: a marketplace with custom fees takes its share, paid out and clawed back like the others.
        custom: fc.option(fc.record({ fee: fc.bigInt({ min: 0n, max: 1_000n }), bps: fc.integer({ min: 0, max: 10_000 }) })),
        fails: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('refund' as const), order: fc.nat(), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 25 }), (operations) => {
        const entries: JournalEntry[] = [];
        const orders: Array<{ id: string; parts: Array<{ party: Party; remaining: bigint }> }> = [];
        operations.forEach((op, n) => {
          if (op.kind === 'pay') {
            if (op.fails) return; // a failed payment books nothing
            const split = quoteOrder({
              amount: op.amount,
              currency: op.cad ? 'cad' : 'usd',
              recipient: 'provider',
              providerCost: op.threeWay ? op.amount / 3n : undefined,
              marketplace: op.custom
                ? { customFees: true, transactionFee: { usd: op.custom.fee, cad: op.custom.fee }, platformFeeBps: op.custom.bps }
                : null,
            });
            const id = `o${n}`;
            entries.push(chargeEntry(id, split, [seller, provider, marketplace]));
            for (const line of split.lines) if (line.party !== 'platform') entries.push(transferEntry(id, whoIs(line.party), line.amount));
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
            if (p.party !== 'platform' && taken[i]! > 0n) entries.push(transferReversalEntry(order.id, whoIs(p.party), taken[i]!));
            p.remaining -= taken[i]!;
          });
          entries.push(
            refundEntry(
              order.id,
              order.parts.map((p, i) => ({
                party: p.party,
                ...(p.party === 'platform' ? {} : { stripeAccountId: whoIs(p.party).stripeAccountId }),
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
