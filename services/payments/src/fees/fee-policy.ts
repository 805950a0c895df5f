import { apportion } from './apportion.js';
import type { Currency, Minor } from './money.js';

/** PayMarket's own policy: a flat 3.56 USD / 4.79 CAD on top; recipients receive the amount in full. */
export const PAYMARKET_FEES: { fixedFee: Record<Currency, Minor> } = { fixedFee: { usd: 356n, cad: 479n } };

/**
 * A white-label marketplace's fee terms (ADR 0051), as payments' copy of the marketplace holds them. Without custom
 * fees they change nothing: the order is split as PayMarket's own.
 */
export interface MarketplaceTerms {
  customFees: boolean;
  /** What PayMarket keeps, per currency, in place of its own fixed fee (custom fees only). */
  transactionFee: Record<Currency, Minor>;
  /** The marketplace's share of the amount in basis points (500 = 5%), 0–10000 (custom fees only). */
  platformFeeBps: number;
}

/** Who receives a part of an order: PayMarket, the white-label marketplace, the seller, the print provider. */
export type Party = 'platform' | 'marketplace' | 'seller' | 'provider';
/** The parties paid out by a Connect transfer (everyone but PayMarket). */
export type Payee = Exclude<Party, 'platform'>;

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
  /** The marketplace the order is placed through (ADR 0051); none, or one without custom fees, is today's split. */
  marketplace?: MarketplaceTerms | null;
}

/** Half-up at the cent: (amount × bps + 5000) / 10000 in integers. */
export function marketplaceShareOf(amount: Minor, bps: number): Minor {
  return (amount * BigInt(bps) + 5_000n) / 10_000n;
}

/**
 * The split of one order. Without custom fees: the buyer pays amount + PayMarket's fixed fee and the recipient(s)
 * receive the amount. With a marketplace's custom fees: the buyer pays amount + the marketplace's transaction fee
 * (PayMarket's line), the marketplace receives half-up(amount × bps / 10000), and the recipient(s) share the rest
 * of the amount pro rata (largest remainder). A seller+provider order gives the provider its cost and the seller
 * the rest before that. Integer minor units; the lines always sum exactly to the total.
 */
export function quoteOrder(input: QuoteInput): Split {
  if (input.amount <= 0n) throw new Error('amount must be positive');
  const custom = input.marketplace?.customFees ? input.marketplace : null;
  if (custom) {
    const bps = custom.platformFeeBps;
    if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) throw new Error('marketplace percentage must be 0–10000 basis points');
    if (custom.transactionFee[input.currency] < 0n) throw new Error('transaction fee must not be negative');
  }
  const fee = custom ? custom.transactionFee[input.currency] : PAYMARKET_FEES.fixedFee[input.currency];
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

  const marketplaceShare = custom ? marketplaceShareOf(input.amount, custom.platformFeeBps) : 0n;
  const shares = apportion(
    input.amount - marketplaceShare,
    recipients.map((r) => r.gross),
  );
  const lines: SplitLine[] = [
    { party: 'platform', amount: fee },
    ...(custom ? [{ party: 'marketplace' as const, amount: marketplaceShare }] : []),
    ...recipients.map((r, i) => ({ party: r.party, amount: shares[i]! })),
  ];
  return { currency: input.currency, total, amount: input.amount, lines };
}

export function shareOf(split: Split, party: Party): Minor {
  return split.lines.filter((l) => l.party === party).reduce((a, l) => a + l.amount, 0n);
}
