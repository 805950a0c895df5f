import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One request to delete a buyer account; confirmed once by the emailed link (ADR 0029). */
@Entity({ name: 'account_deletion_requests' })
export class AccountDeletionRequestEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'buyer_id' })
  buyerId!: string;

  /** NULL once the deletion has been carried out. */
  @Column('text', { nullable: true })
  email!: string | null;

  @Column('text', { nullable: true })
  reason!: string | null;

  @Column('text', { name: 'token_hash', unique: true })
  tokenHash!: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @Column('timestamptz', { name: 'confirmed_at', nullable: true })
  confirmedAt!: Date | null;
}
