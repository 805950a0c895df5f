/**
 * Spec §5/§9 budget filter: the first number in the free-text budget, with thousands separators and currency
 * symbols stripped, bucketed as under 100, 100 to 500 inclusive, and over 500. The value is kept in integer cents
 * (never a float) so the boundaries are exact; text without any number has no bucket.
 */
export const BUDGET_BUCKETS = ['under-100', '100-500', 'over-500'] as const;
export type BudgetBucket = (typeof BUDGET_BUCKETS)[number];

export const BUDGET_BUCKET_LABELS: Record<BudgetBucket, string> = {
  'under-100': 'Under $100',
  '100-500': '$100 - $500',
  'over-500': 'Over $500',
};

/** Bounds in cents: under-100 is [0, 10000), 100-500 is [10000, 50000], over-500 is (50000, ∞). */
export const BUDGET_BUCKET_BOUNDS_CENTS = { hundred: 10_000, fiveHundred: 50_000 } as const;

// Larger values are clamped so the cents always fit a JavaScript safe integer and a PostgreSQL bigint.
const MAX_WHOLE_DIGITS = 13;

/** The first number in `budget` in integer cents, or null when the text holds no number. */
export function firstBudgetCents(budget: string | null | undefined): number | null {
  if (!budget) return null;
  // "1,500" is one number; a comma not followed by exactly three digits separates numbers ("100,200").
  const cleaned = budget.replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
  const match = /(\d+)(?:\.(\d+))?/.exec(cleaned);
  if (!match) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  if (whole.length > MAX_WHOLE_DIGITS) return 10 ** MAX_WHOLE_DIGITS * 100 - 1;
  const fraction = (match[2] ?? '').slice(0, 2).padEnd(2, '0');
  return Number(whole) * 100 + Number(fraction);
}

export function budgetBucketOfCents(cents: number | null): BudgetBucket | null {
  if (cents === null) return null;
  if (cents < BUDGET_BUCKET_BOUNDS_CENTS.hundred) return 'under-100';
  if (cents <= BUDGET_BUCKET_BOUNDS_CENTS.fiveHundred) return '100-500';
  return 'over-500';
}

export function budgetBucketOf(budget: string | null | undefined): BudgetBucket | null {
  return budgetBucketOfCents(firstBudgetCents(budget));
}
