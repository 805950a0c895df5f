import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Party } from '../fees/fee-policy.js';
import { bigintColumn } from '../orders/order.entity.js';

/** One party's part of a refund (ADR 0051: the marketplace gives back its share in proportion too). */
export interface RefundAllocation {
  party: Party;
  stripeAccountId?: string;
  amount: string;
}

@Entity({ name: 'refunds' })
export class RefundEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'order_id' })
  orderId!: string;

  @Column('bigint', { name: 'amount_minor', transformer: bigintColumn })
  amount!: bigint;

  @Column('jsonb')
  allocation!: RefundAllocation[];

  @Column('text', { nullable: true })
  reason!: string | null;

  @Column('text')
  state!: 'pending' | 'done';

  @Column('text', { name: 'stripe_refund_id', nullable: true })
  stripeRefundId!: string | null;

  @Column('text', { name: 'requested_by' })
  requestedBy!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
