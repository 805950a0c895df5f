import { apportion } from './apportion.js';
import type { Currency, Minor } from './money.js';

/** How the platform is paid on an order. */
export interface FeePolicy {
  /** Fixed transaction fee added on top of the amount, per currency. */
  fixedFee: Record<Currency, Minor>;
  /** Platform percentage of the amount in basis points (500 = 5%), taken from the recipients' shares. */
  platformBps: number;
}

/** PayMarket's own policy: a flat 3.56 USD / 4.79 CAD on top; recipients receive the amount in full. */
export const PAYMARKET_FEES: FeePolicy = { fixedFee: { usd: 356n, cad: 479n }, platformBps: 0 };

/** A white-label marketplace's policy (spec: customFees, transactionFee default 3.56, platformFee default 5%). */
export function marketplaceFees(options: { customFees: boolean; transactionFee?: Minor; platformPercentBps?: number }): FeePolicy {
  if (!options.customFees) return PAYMARKET_FEES;
  const fee = options.transactionFee ?? PAYMARKET_FEES.fixedFee.usd;
  const bps = options.platformPercentBps ?? 500;
  if (fee < 0n || !Number.isInteger(bps) || bps < 0 || bps > 10_000) throw new Error('invalid marketplace fee policy');
  return { fixedFee: { usd: fee, cad: fee }, platformBps: bps };
}

export type Party = 'platform' | 'seller' | 'provider';

export interface SplitLine {
  party: Party;
  amount: Minor;
}

/** Who gets what of one order. Invariant: `total` equals the sum of `lines`, to the cent. */
export interface Split {
  currency: Currency;
  /** What the buyer pays. */
  total: Minor;
  /** The product amount (total minus the fixed fee). */
  amount: Minor;
  lines: SplitLine[];
}

export interface QuoteInput {
  amount: Minor;
  currency: Currency;
  /** The order's recipient. With `providerCost`, the seller gets the amount minus that cost. */
  recipient: 'seller' | 'provider';
  /** Three-way orders: the print provider's cost inside the amount. */
  providerCost?: Minor;
  policy?: FeePolicy;
}

/**
 * The buyer pays amount + fixed fee. The recipient(s) receive the amount (less the platform percentage, if the
 * policy has one, shared pro rata); a seller+provider order gives the provider its cost and the seller the rest.
 * Rounding is half-up at the cent and the parts always sum exactly to the total.
 */
export function quoteOrder(input: QuoteInput): Split {
  const policy = input.policy ?? PAYMARKET_FEES;
  if (input.amount <= 0n) throw new Error('amount must be positive');
  const fee = policy.fixedFee[input.currency];
  const total = input.amount + fee;

  let recipients: Array<{ party: 'seller' | 'provider'; gross: Minor }>;
  if (input.providerCost !== undefined) {
    if (input.providerCost < 0n || input.providerCost > input.amount) throw new Error('provider cost must be within the amount');
    recipients = [
      { party: 'seller', gross: input.amount - input.providerCost },
      { party: 'provider', gross: input.providerCost },
    ];
  } else {
    recipients = [{ party: input.recipient, gross: input.amount }];
  }

  // Half-up at the cent: (amount * bps + 5000) / 10000 in integers.
  const percentFee = (input.amount * BigInt(policy.platformBps) + 5_000n) / 10_000n;
  const deductions = apportion(
    percentFee,
    recipients.map((r) => r.gross),
  );
  const lines: SplitLine[] = [
    { party: 'platform', amount: fee + percentFee },
    ...recipients.map((r, i) => ({ party: r.party, amount: r.gross - deductions[i]! })),
  ];
  return { currency: input.currency, total, amount: input.amount, lines };
}

export function shareOf(split: Split, party: Party): Minor {
  return split.lines.filter((l) => l.party === party).reduce((a, l) => a + l.amount, 0n);
}
