import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { allocateRefund, apportion } from './apportion.js';
import { marketplaceFees, PAYMARKET_FEES, quoteOrder, shareOf } from './fee-policy.js';
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

  it('applies a marketplace percentage half-up at the cent, taken from the recipients', () => {
    const policy = marketplaceFees({ customFees: true, transactionFee: 200n, platformPercentBps: 500 });
    // 5% of 10.10 = 0.505 → 0.51 (half-up)
    const split = quoteOrder({ amount: 1010n, currency: 'usd', recipient: 'provider', policy });
    expect(shareOf(split, 'platform')).toBe(200n + 51n);
    expect(shareOf(split, 'provider')).toBe(959n);
    expect(split.total).toBe(1210n);
  });

  it('uses PayMarket fees when a marketplace has custom fees off', () => {
    expect(marketplaceFees({ customFees: false, transactionFee: 1n, platformPercentBps: 900 })).toBe(PAYMARKET_FEES);
  });

  it('refuses a non-positive amount or a provider cost outside the amount', () => {
    expect(() => quoteOrder({ amount: 0n, currency: 'usd', recipient: 'seller' })).toThrow();
    expect(() => quoteOrder({ amount: 100n, currency: 'usd', recipient: 'seller', providerCost: 101n })).toThrow();
  });

  it('property: the parts always sum exactly to the total, none negative, for any amount and policy', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 99_999_999n }),
        fc.constantFrom('usd' as const, 'cad' as const),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
        fc.option(fc.record({ fee: fc.bigInt({ min: 0n, max: 10_000n }), bps: fc.integer({ min: 0, max: 10_000 }) })),
        (amount, currency, providerRatio, custom) => {
          const providerCost = providerRatio === null ? undefined : (amount * BigInt(Math.floor(providerRatio * 1000))) / 1000n;
          const policy = custom
            ? marketplaceFees({ customFees: true, transactionFee: custom.fee, platformPercentBps: custom.bps })
            : undefined;
          const split = quoteOrder({ amount, currency, recipient: 'provider', providerCost, policy });
          expect(sum(split.lines.map((l) => l.amount))).toBe(split.total);
          expect(split.total).toBe(amount + (policy ?? PAYMARKET_FEES).fixedFee[currency]);
          expect(split.lines.every((l) => l.amount >= 0n)).toBe(true);
        },
      ),
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
