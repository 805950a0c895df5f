import { Transform } from 'class-transformer';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { trimmed } from '../transforms.js';
import type { PaymentCurrency } from '../payments/create-order.dto.js';

export const STATEMENT_MESSAGES = {
  MONTH: 'from and to must be months written YYYY-MM',
  FORMAT: 'format must be json or csv',
} as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** GET /api/sellers/{id}/statement?from=&to=&format= (ADR 0045): months inclusive, UTC. */
export class StatementQueryDto {
  @IsOptional()
  @Transform(trimmed)
  @Matches(MONTH, { message: STATEMENT_MESSAGES.MONTH })
  from?: string;

  @IsOptional()
  @Transform(trimmed)
  @Matches(MONTH, { message: STATEMENT_MESSAGES.MONTH })
  to?: string;

  @IsOptional()
  @IsIn(['json', 'csv'], { message: STATEMENT_MESSAGES.FORMAT })
  format?: 'json' | 'csv';
}

/**
 * One paid order on a seller's statement. Money is minor units as decimal strings. `yourShare` is what the order
 * paid the seller; `yourRefunds` the seller's part of the refunds' transfer reversals; `yourDisputed` the seller's
 * part of a dispute (held while open, gone when lost, back when won); `net` = share − refunds − lost disputes.
 */
export interface StatementLine {
  orderId: string;
  paidAt: string;
  month: string;
  status: string;
  currency: PaymentCurrency;
  totalMinor: string;
  feeMinor: string;
  yourShareMinor: string;
  providerShareMinor: string;
  refundedMinor: string;
  yourRefundsMinor: string;
  dispute: { status: string; disputedMinor: string; yourDisputedMinor: string } | null;
  netMinor: string;
}

export interface StatementTotal {
  month: string;
  currency: PaymentCurrency;
  orders: number;
  yourShareMinor: string;
  yourRefundsMinor: string;
  /** The seller's part of disputes still open (held, may come back). */
  yourHeldMinor: string;
  /** The seller's part of disputes lost. */
  yourLostMinor: string;
  netMinor: string;
}

export interface SellerStatement {
  sellerId: string;
  from: string | null;
  to: string | null;
  lines: StatementLine[];
  totals: StatementTotal[];
}

/** The CSV export's columns, in order (one row per StatementLine). */
export const STATEMENT_CSV_COLUMNS = [
  'order_id',
  'paid_at',
  'month',
  'status',
  'currency',
  'total',
  'fee',
  'your_share',
  'provider_share',
  'refunded',
  'your_refunds',
  'dispute_status',
  'disputed',
  'your_disputed',
  'net',
] as const;

/**
 * A print provider's statement (issue 14, ADR 0047): the same lines and totals as a seller's, from the provider's
 * side. `yourShareMinor` is the provider's share of each order, `yourRefundsMinor` its part of the refunds' transfer
 * reversals and `dispute.yourDisputedMinor` its proportional part of a dispute; `providerShareMinor` repeats the
 * provider's share (the column the seller's statement uses for it), so one table serves both.
 */
export interface ProviderStatement {
  providerId: string;
  from: string | null;
  to: string | null;
  /** The provider's connected account, as Stripe reports it now: can it receive transfers? */
  payoutAccount: { ready: boolean };
  lines: StatementLine[];
  totals: StatementTotal[];
}

/**
 * A white-label marketplace's statement (ADR 0051), for its company's console: one line per paid order placed
 * through the marketplace with a share for it. `yourShareMinor` is the marketplace's share, `yourRefundsMinor` its
 * part of the refunds' transfer reversals, `dispute.yourDisputedMinor` its proportional part of a dispute.
 */
export interface MarketplaceStatement {
  marketplaceId: string;
  from: string | null;
  to: string | null;
  /** The payout account the shares are transferred to, and whether Stripe says it can receive transfers now. */
  payoutAccount: { id: string; ready: boolean } | null;
  lines: StatementLine[];
  totals: StatementTotal[];
}
