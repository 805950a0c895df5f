import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'inbox' })
export class InboxEntity {
  @PrimaryColumn('uuid', { name: 'event_id' })
  eventId!: string;

  @PrimaryColumn('text')
  consumer!: string;

  @Column('text', { name: 'event_name' })
  eventName!: string;

  @Column('timestamptz', { name: 'processed_at', default: () => 'now()' })
  processedAt!: Date;
}
