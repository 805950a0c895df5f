import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MailboxMessage } from '@paymarket/contracts';

@Entity({ name: 'emails' })
export class EmailEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text', { name: 'to_address' })
  to!: string;

  @Column('text')
  subject!: string;

  @Column('text')
  text!: string;

  @Column('text', { nullable: true })
  html!: string | null;

  @Column('text')
  status!: MailboxMessage['status'];

  @Column('integer', { default: 0 })
  attempts!: number;

  @Column('text', { name: 'last_error', nullable: true })
  lastError!: string | null;

  /** The event that caused this email, so a redelivered event cannot send it twice. */
  @Column('uuid', { name: 'source_event_id', nullable: true })
  sourceEventId!: string | null;

  /** The secrets in the message (sign-in codes, one-time links), removed from it once it is sent; null after. */
  @Column('text', { array: true, nullable: true })
  secrets!: string[] | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'sent_at', nullable: true })
  sentAt!: Date | null;
}
