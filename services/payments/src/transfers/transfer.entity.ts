import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Payee } from '../fees/fee-policy.js';
import { bigintColumn } from '../orders/order.entity.js';

@Entity({ name: 'transfers' })
export class TransferEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'order_id' })
  orderId!: string;

  @Column('text')
  party!: Payee;

  @Column('text')
  destination!: string;

  @Column('bigint', { name: 'amount_minor', transformer: bigintColumn })
  amount!: bigint;

  @Column('bigint', { name: 'reversed_minor', transformer: bigintColumn })
  reversed!: bigint;

  @Column('text', { name: 'stripe_transfer_id' })
  stripeTransferId!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
