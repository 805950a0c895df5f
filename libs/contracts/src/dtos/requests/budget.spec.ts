import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { budgetBucketOf, budgetBucketOfCents, firstBudgetCents } from './budget.js';

describe('budget buckets (spec §5: first number in the budget text; under 100, 100 to 500 inclusive, over 500)', () => {
  it.each([
    ['$50', 5_000, 'under-100'],
    ['99.99', 9_999, 'under-100'],
    ['$100', 10_000, '100-500'],
    ['$100 - $500', 10_000, '100-500'],
    ['500', 50_000, '100-500'],
    ['$500.00', 50_000, '100-500'],
    ['$500.01', 50_001, 'over-500'],
    ['$1,000-$2,000', 100_000, 'over-500'],
    ['USD 250 to 400', 25_000, '100-500'],
    ['around 80 dollars, max 120', 8_000, 'under-100'],
    ['0', 0, 'under-100'],
    ['100, 200', 10_000, '100-500'],
    ['100,200', 10_020_000, 'over-500'],
  ] as const)('%j → %i cents → %s', (text, cents, bucket) => {
    expect(firstBudgetCents(text)).toBe(cents);
    expect(budgetBucketOf(text)).toBe(bucket);
  });

  it.each(['', 'Negotiable', 'TBD', undefined, null])('%j has no number and so no bucket', (text) => {
    expect(firstBudgetCents(text)).toBeNull();
    expect(budgetBucketOf(text)).toBeNull();
  });

  it('reads any whole amount with any non-numeric prefix and suffix exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.stringMatching(/^[^0-9]{0,8}$/),
        fc.stringMatching(/^[^0-9.,][^0-9]{0,8}$|^$/),
        (amount, prefix, suffix) => {
          expect(firstBudgetCents(`${prefix}${amount}${suffix}`)).toBe(amount * 100);
        },
      ),
    );
  });

  it('ignores everything after the first number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99_999 }), (first, second) => {
        expect(firstBudgetCents(`$${first} - $${second}`)).toBe(first * 100);
      }),
    );
  });

  it('puts every amount in exactly the bucket its bounds say, with 100 and 500 inside the middle one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const bucket = budgetBucketOfCents(cents);
        if (cents < 10_000) expect(bucket).toBe('under-100');
        else if (cents <= 50_000) expect(bucket).toBe('100-500');
        else expect(bucket).toBe('over-500');
      }),
    );
  });

  it('always yields a safe integer, however long the number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\$?[0-9]{1,40}(\.[0-9]{1,5})?$/), (text) => {
        const cents = firstBudgetCents(text);
        expect(cents).not.toBeNull();
        expect(Number.isSafeInteger(cents)).toBe(true);
        expect(cents).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
