import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'buyers' })
export class BuyerEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  /** Stored lower-cased; unique. */
  @Column('text', { unique: true })
  email!: string;

  @Column('text', { nullable: true })
  company!: string | null;

  @Column('text', { name: 'business_type', nullable: true })
  businessType!: string | null;

  @Column('text', { name: 'expected_volume', nullable: true })
  expectedVolume!: string | null;

  @Column('text', { nullable: true })
  requirements!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  /** Set when the account was deleted (ADR 0029): the row is then a tombstone with placeholder data. */
  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt?: Date | null;
}
