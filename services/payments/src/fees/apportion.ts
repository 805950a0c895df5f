import type { Minor } from './money.js';

/**
 * Splits `total` into parts proportional to `weights` so the parts sum to `total` exactly (largest remainder;
 * ties go to the earlier part). With all weights zero, everything goes to the first part.
 */
export function apportion(total: Minor, weights: readonly Minor[]): Minor[] {
  if (weights.length === 0) throw new Error('apportion needs at least one weight');
  if (total < 0n || weights.some((w) => w < 0n)) throw new Error('apportion takes non-negative amounts');
  const weightSum = weights.reduce((a, b) => a + b, 0n);
  if (weightSum === 0n) return weights.map((_, i) => (i === 0 ? total : 0n));
  const base = weights.map((w) => (total * w) / weightSum);
  let left = total - base.reduce((a, b) => a + b, 0n);
  const byRemainder = weights
    .map((w, i) => ({ i, remainder: (total * w) % weightSum }))
    .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.i - b.i));
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    base[i]! += 1n;
    left -= 1n;
  }
  return base;
}

/**
 * How much of each part a refund of `amount` takes back, given what each part still holds (`remaining`).
 * Proportional to what remains, never more than a part holds, and a refund of everything that remains returns
 * every part exactly — so any sequence of partial refunds ends with each party repaid to the cent.
 */
export function allocateRefund(remaining: readonly Minor[], amount: Minor): Minor[] {
  const held = remaining.reduce((a, b) => a + b, 0n);
  if (amount < 0n || amount > held) throw new Error(`cannot refund ${amount} of ${held}`);
  const shares = apportion(amount, remaining);
  // Largest remainder can exceed a part only when its remainder rounds up past what it holds; move such cents on.
  let spill = 0n;
  const capped = shares.map((s, i) => {
    const over = s - remaining[i]!;
    if (over > 0n) {
      spill += over;
      return remaining[i]!;
    }
    return s;
  });
  for (let i = 0; spill > 0n && i < capped.length; i++) {
    const room = remaining[i]! - capped[i]!;
    const take = room < spill ? room : spill;
    capped[i]! += take;
    spill -= take;
  }
  return capped;
}
