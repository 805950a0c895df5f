import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { allocateRefund, apportion } from './apportion.js';
import { PAYMARKET_FEES, quoteOrder, shareOf, type MarketplaceTerms } from './fee-policy.js';
import { amountToMinor } from '@paymarket/contracts';
import { formatMinor } from './money.js';

const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

describe(quoteOrder.name, () => {
  it("reproduces the spec's sample split: total 100.00 → fee 3.56, seller 50.00, provider 46.44", () => {
    const split = quoteOrder({ amount: 9644n, currency: 'usd', recipient: 'seller', providerCost: 4644n });
    expect(split.total).toBe(10000n);
    expect(shareOf(split, 'platform')).toBe(356n);
    expect(shareOf(split, 'seller')).toBe(5000n);
    expect(shareOf(split, 'provider')).toBe(4644n);
  });

  it('adds the fixed fee on top: 3.56 USD, 4.79 CAD; the recipient receives the amount in full', () => {
    const usd = quoteOrder({ amount: 10000n, currency: 'usd', recipient: 'provider' });
    expect(usd.total).toBe(10356n);
    expect(shareOf(usd, 'provider')).toBe(10000n);
    const cad = quoteOrder({ amount: 2500n, currency: 'cad', recipient: 'seller' });
    expect(cad.total).toBe(2979n);
    expect(shareOf(cad, 'seller')).toBe(2500n);
    expect(shareOf(cad, 'platform')).toBe(479n);
  });

  it('refuses a non-positive amount or a provider cost outside the amount', () => {
    expect(() => quoteOrder({ amount: 0n, currency: 'usd', recipient: 'seller' })).toThrow();
    expect(() => quoteOrder({ amount: 100n, currency: 'usd', recipient: 'seller', providerCost: 101n })).toThrow();
  });

  it('refuses marketplace terms out of range', () => {
    const terms = (bps: number, fee = 100n) => ({ customFees: true, transactionFee: { usd: fee, cad: fee }, platformFeeBps: bps });
    expect(() => quoteOrder({ amount: 100n, currency: 'usd', recipient: 'seller', marketplace: terms(10_001) })).toThrow();
    expect(() => quoteOrder({ amount: 100n, currency: 'usd', recipient: 'seller', marketplace: terms(2.5) })).toThrow();
    expect(() => quoteOrder({ amount: 100n, currency: 'usd', recipient: 'seller', marketplace: terms(500, -1n) })).toThrow();
  });
});

describe('quoteOrder with a marketplace (ADR 0051)', () => {
  const terms = (usd: bigint, cad: bigint, bps: number): MarketplaceTerms => ({
    customFees: true,
    transactionFee: { usd, cad },
    platformFeeBps: bps,
  });

  it('the buyer pays amount + the transaction fee; PayMarket keeps the fee, the marketplace its percentage half-up', () => {
    // 5% of 10.10 = 0.505 → 0.51 (half-up); the provider gets the rest of the amount.
    const split = quoteOrder({ amount: 1010n, currency: 'usd', recipient: 'provider', marketplace: terms(200n, 250n, 500) });
    expect(split.total).toBe(1210n);
    expect(split.lines).toEqual([
      { party: 'platform', amount: 200n },
      { party: 'marketplace', amount: 51n },
      { party: 'provider', amount: 959n },
    ]);
    const cad = quoteOrder({ amount: 1010n, currency: 'cad', recipient: 'seller', marketplace: terms(200n, 250n, 500) });
    expect(cad.total).toBe(1260n);
    expect(shareOf(cad, 'platform')).toBe(250n);
    expect(shareOf(cad, 'seller')).toBe(959n);
  });

  it('a three-way order: the seller and the provider share the rest of the amount pro rata', () => {
    // 96.44 = 50.00 seller + 46.44 provider; 10% → 9.64 (9.644 half-up); the rest 86.80 pro rata: 45.00 / 41.80.
    const split = quoteOrder({
      amount: 9644n,
      currency: 'usd',
      recipient: 'seller',
      providerCost: 4644n,
      marketplace: terms(356n, 479n, 1000),
    });
    expect(split.total).toBe(10000n);
    expect(shareOf(split, 'platform')).toBe(356n);
    expect(shareOf(split, 'marketplace')).toBe(964n);
    expect(shareOf(split, 'seller') + shareOf(split, 'provider')).toBe(8680n);
    expect(shareOf(split, 'seller')).toBe(4500n);
    expect(shareOf(split, 'provider')).toBe(4180n);
  });

  it("custom fees off: exactly PayMarket's split, whatever the terms say, and no marketplace line", () => {
    const off = { ...terms(1n, 1n, 900), customFees: false };
    const withTerms = quoteOrder({ amount: 9644n, currency: 'usd', recipient: 'seller', providerCost: 4644n, marketplace: off });
    expect(withTerms).toEqual(quoteOrder({ amount: 9644n, currency: 'usd', recipient: 'seller', providerCost: 4644n }));
    expect(withTerms.lines.some((l) => l.party === 'marketplace')).toBe(false);
  });

  const amounts = fc.bigInt({ min: 1n, max: 99_999_999n });
  const currencies = fc.constantFrom('usd' as const, 'cad' as const);
  const ratios = fc.option(fc.integer({ min: 0, max: 1000 }));
  const customTerms = fc
    .record({
      usd: fc.bigInt({ min: 0n, max: 10_000n }),
      cad: fc.bigInt({ min: 0n, max: 10_000n }),
      bps: fc.integer({ min: 0, max: 10_000 }),
    })
    .map((t) => terms(t.usd, t.cad, t.bps));
  const providerCostOf = (amount: bigint, ratio: number | null) => (ratio === null ? undefined : (amount * BigInt(ratio)) / 1000n);

  it('property (usd and cad): lines sum to the total, none negative, total = amount + fee, marketplace share half-up', () => {
    fc.assert(
      fc.property(amounts, currencies, ratios, customTerms, (amount, currency, ratio, marketplace) => {
        const split = quoteOrder({ amount, currency, recipient: 'provider', providerCost: providerCostOf(amount, ratio), marketplace });
        expect(sum(split.lines.map((l) => l.amount))).toBe(split.total);
        expect(split.lines.every((l) => l.amount >= 0n)).toBe(true);
        expect(split.total).toBe(amount + marketplace.transactionFee[currency]);
        expect(shareOf(split, 'platform')).toBe(marketplace.transactionFee[currency]);
        // Half-up, stated independently: the exact share is amount·bps/10000; its rounding is within half a cent
        // and an exact half rounds up.
        const share = shareOf(split, 'marketplace');
        const doubled = 2n * amount * BigInt(marketplace.platformFeeBps);
        expect(doubled - 20_000n * share).toBeLessThan(10_000n);
        expect(doubled - 20_000n * share).toBeGreaterThanOrEqual(-10_000n);
      }),
    );
  });

  it('property: the seller and the provider share the rest pro rata (each within a cent of its exact share)', () => {
    fc.assert(
      fc.property(amounts, currencies, fc.integer({ min: 0, max: 1000 }), customTerms, (amount, currency, ratio, marketplace) => {
        const providerCost = providerCostOf(amount, ratio)!;
        const split = quoteOrder({ amount, currency, recipient: 'seller', providerCost, marketplace });
        const rest = amount - shareOf(split, 'marketplace');
        expect(shareOf(split, 'seller') + shareOf(split, 'provider')).toBe(rest);
        // provider exact = rest × providerCost / amount; its part is the floor or the floor + 1.
        const exactFloor = (rest * providerCost) / amount;
        const provider = shareOf(split, 'provider');
        expect(provider === exactFloor || provider === exactFloor + 1n).toBe(true);
      }),
    );
  });

  it("property: without custom fees, the split is today's (fixed fee on top, recipients get the amount)", () => {
    fc.assert(
      fc.property(amounts, currencies, ratios, customTerms, (amount, currency, ratio, marketplace) => {
        const providerCost = providerCostOf(amount, ratio);
        const split = quoteOrder({
          amount,
          currency,
          recipient: 'provider',
          providerCost,
          marketplace: { ...marketplace, customFees: false },
        });
        expect(split.total).toBe(amount + PAYMARKET_FEES.fixedFee[currency]);
        expect(shareOf(split, 'platform')).toBe(PAYMARKET_FEES.fixedFee[currency]);
        expect(shareOf(split, 'marketplace')).toBe(0n);
        expect(shareOf(split, 'provider')).toBe(providerCost ?? amount);
        expect(shareOf(split, 'seller')).toBe(providerCost === undefined ? 0n : amount - providerCost);
      }),
    );
  });
});

describe(apportion.name, () => {
  it('splits exactly, largest remainder first', () => {
    expect(apportion(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(apportion(0n, [5n, 5n])).toEqual([0n, 0n]);
    expect(apportion(7n, [0n, 0n])).toEqual([7n, 0n]);
  });

  it('property: parts sum to the total and each is within one cent of its exact share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 9n }), { minLength: 1, maxLength: 6 }),
        (total, weights) => {
          const parts = apportion(total, weights);
          expect(sum(parts)).toBe(total);
          const weightSum = sum(weights);
          if (weightSum > 0n) {
            parts.forEach((p, i) => {
              const exactFloor = (total * weights[i]!) / weightSum;
              expect(p - exactFloor >= 0n && p - exactFloor <= 1n).toBe(true);
            });
          }
        },
      ),
    );
  });
});

describe(allocateRefund.name, () => {
  it('property: any sequence of partial refunds never takes more than a part holds and ends with every part repaid exactly', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
        (parts, fractions) => {
          const remaining = [...parts];
          for (const fraction of fractions) {
            const held = sum(remaining);
            const amount = (held * BigInt(Math.floor(fraction * 1000))) / 1000n;
            const taken = allocateRefund(remaining, amount);
            expect(sum(taken)).toBe(amount);
            taken.forEach((t, i) => {
              expect(t >= 0n && t <= remaining[i]!).toBe(true);
              remaining[i]! -= t;
            });
          }
          const last = allocateRefund(remaining, sum(remaining));
          expect(last).toEqual(remaining);
        },
      ),
    );
  });

  it('refuses to refund more than is held', () => {
    expect(() => allocateRefund([100n, 50n], 151n)).toThrow();
  });
});

describe('money parsing', () => {
  it.each([
    ['96.44', 9644],
    ['5', 500],
    ['0.5', 50],
    [12.5, 1250],
    ['0.01', 1],
  ])('%s → %s minor units', (input, expected) => {
    expect(amountToMinor(input)).toBe(expected);
  });

  it.each(['-1', '1.234', 'abc', '', '1e3', 'Infinity', NaN, '1,000.00'])('refuses %s', (input) => {
    expect(amountToMinor(input)).toBeUndefined();
  });

  it('formats with two decimals', () => {
    expect(formatMinor(10356n)).toBe('103.56');
    expect(formatMinor(5n)).toBe('0.05');
  });
});
