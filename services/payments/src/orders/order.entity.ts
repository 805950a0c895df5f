import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { OrderStatus } from '@paymarket/contracts';
import type { Party } from '../fees/fee-policy.js';
import type { Currency } from '../fees/money.js';

/** bigint columns arrive from pg as strings; the domain uses bigint. */
export const bigintColumn = {
  from: (v: string | null) => (v === null ? null : BigInt(v)),
  to: (v: bigint | null | undefined) => (v === null || v === undefined ? v : v.toString()),
};

export interface StoredSplit {
  /**
   * displayName (ADR 0031): the seller's business name when the buyer chose a seller profile, for receipts; the
   * marketplace's display name on its line (ADR 0051), whose stripeAccountId is its payout account.
   */
  lines: Array<{ party: Party; amount: string; stripeAccountId?: string; displayName?: string }>;
}

/**
 * The marketplace an order was placed through and the fee terms in force when it was created (ADR 0051). Kept on the
 * order so a later edit of the marketplace never changes it, its refunds or its statements.
 */
export interface OrderFeeTerms {
  marketplaceId: string;
  name: string;
  customFees: boolean;
  /** PayMarket's fee on this order in its currency, minor units (PayMarket's own fixed fee without custom fees). */
  transactionFeeMinor: string;
  /** The marketplace's percentage in basis points; null without custom fees. */
  platformFeeBps: number | null;
  /** The copy's version the order was made under. */
  version: number;
}

@Entity({ name: 'orders' })
export class OrderEntity {
  @PrimaryColumn('uuid')
  id!: string;

  /** The client's order id (spec §3 orderId). */
  @Column('text', { name: 'order_id' })
  orderId!: string;

  @Column('text')
  kind!: 'order' | 'direct';

  /**
   * The integrator company whose API key created the order (ADR 0032); null for orders from PayMarket's own pages.
   * `order_id` is unique per owner: once among PayMarket's orders, and once within each company.
   */
  @Column('uuid', { name: 'company_id', nullable: true })
  companyId!: string | null;

  @Column('uuid', { name: 'buyer_id', nullable: true })
  buyerId!: string | null;

  @Column('text', { name: 'buyer_email', nullable: true })
  buyerEmail!: string | null;

  @Column('text', { name: 'buyer_name', nullable: true })
  buyerName!: string | null;

  @Column('text', { nullable: true })
  description!: string | null;

  @Column('text')
  currency!: Currency;

  @Column('bigint', { name: 'amount_minor', transformer: bigintColumn })
  amount!: bigint;

  @Column('bigint', { name: 'fee_minor', transformer: bigintColumn })
  fee!: bigint;

  @Column('bigint', { name: 'total_minor', transformer: bigintColumn })
  total!: bigint;

  @Column('bigint', { name: 'refunded_minor', transformer: bigintColumn })
  refunded!: bigint;

  /** What the buyer chose: `acct_…` or `seller_<id>` (spec: printProviderId). */
  @Column('text', { name: 'recipient_ref' })
  recipientRef!: string;

  @Column('jsonb')
  split!: StoredSplit;

  /** The white-label marketplace the order was placed through (ADR 0051); null for PayMarket's own orders. */
  @Column('uuid', { name: 'marketplace_id', nullable: true })
  marketplaceId!: string | null;

  @Column('jsonb', { name: 'fee_terms', nullable: true })
  feeTerms!: OrderFeeTerms | null;

  @Column('text')
  status!: OrderStatus;

  @Column('text', { name: 'payment_intent_id', nullable: true })
  paymentIntentId!: string | null;

  @Column('text', { name: 'latest_charge_id', nullable: true })
  latestChargeId!: string | null;

  @Column('text', { name: 'failure_message', nullable: true })
  failureMessage!: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
