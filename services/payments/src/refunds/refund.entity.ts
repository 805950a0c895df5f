import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintColumn } from '../orders/order.entity.js';

export interface RefundAllocation {
  party: 'platform' | 'seller' | 'provider';
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
