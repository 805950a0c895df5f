import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SECRET_PAYLOAD_FIELDS, type EventName, type MailboxMessage } from '@paymarket/contracts';
import type { Transaction } from '@paymarket/platform';
import { EmailEntity } from './email.entity.js';

export type NewEmail = Pick<EmailEntity, 'id' | 'to' | 'subject' | 'text' | 'html' | 'status' | 'sourceEventId'> & {
  /** Values to remove from the stored message once it is sent (see `secretsOf`). */
  secrets?: string[];
};

/** What replaces a secret in a sent email that is kept as a record. */
export const SCRUBBED = '[removed after sending]';

/** The secret values an event carries (SECRET_PAYLOAD_FIELDS: sign-in codes, one-time link paths). */
export function secretsOf(envelope: { name: string; data: unknown }): string[] {
  const fields = SECRET_PAYLOAD_FIELDS[envelope.name as EventName] ?? [];
  const data = envelope.data as Record<string, unknown>;
  return fields.map((f) => data[f]).filter((v): v is string => typeof v === 'string' && v.length > 0);
}

function scrub(value: string, secrets: readonly string[]): string {
  return secrets.reduce((text, secret) => text.split(secret).join(SCRUBBED), value);
}

export abstract class EmailsRepository {
  abstract add(tx: Transaction, email: NewEmail): Promise<void>;
  abstract latest(limit: number): Promise<MailboxMessage[]>;
  /** Claims pending emails for one delivery attempt (rows locked until `settle` commits). */
  abstract deliverPending(limit: number, deliver: (email: EmailEntity) => Promise<void>, maxAttempts: number): Promise<number>;
  /**
   * Redacts every stored email to `address` except those caused by `keepEventId` (ADR 0029): recipient, subject and
   * body are replaced, one not yet delivered is never sent. Returns how many were redacted.
   */
  abstract redactAddress(tx: Transaction, address: string, redacted: RedactedEmail, keepEventId: string): Promise<number>;
}

/** What a redacted email keeps showing instead of the person's message. */
export type RedactedEmail = Pick<EmailEntity, 'to' | 'subject' | 'text'>;

@Injectable()
export class TypeOrmEmailsRepository extends EmailsRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async add(tx: Transaction, email: NewEmail): Promise<void> {
    await tx.manager
      .getRepository(EmailEntity)
      .insert({ ...email, secrets: email.secrets?.length ? email.secrets : null, attempts: 0, lastError: null, sentAt: null });
  }

  async latest(limit: number): Promise<MailboxMessage[]> {
    const rows = await this.dataSource.getRepository(EmailEntity).find({ order: { createdAt: 'DESC' }, take: limit });
    return rows.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      text: r.text,
      html: r.html,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async redactAddress(tx: Transaction, address: string, redacted: RedactedEmail, keepEventId: string): Promise<number> {
    // Addresses are stored as the events carried them; compare case-insensitively. A pending row locked by a delivery
    // round is waited for, then redacted (status 'failed': it must not go out any more).
    const result = (await tx.manager.query(
      `UPDATE emails
          SET to_address = $2, subject = $3, text = $4, html = NULL, last_error = NULL,
              status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END
        WHERE lower(to_address) = lower($1) AND source_event_id IS DISTINCT FROM $5::uuid
        RETURNING id`,
      [address, redacted.to, redacted.subject, redacted.text, keepEventId],
    )) as [unknown[], number];
    return result[0].length;
  }

  async deliverPending(limit: number, deliver: (email: EmailEntity) => Promise<void>, maxAttempts: number): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(EmailEntity);
      const rows = await repo
        .createQueryBuilder('e')
        .where('e.status = :status', { status: 'pending' })
        .orderBy('e.created_at', 'ASC')
        .limit(limit)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      for (const row of rows) {
        try {
          await deliver(row);
          // Sent: the stored copy is a record, and a record must not sign anyone in (sign-in codes, one-time links).
          const secrets = row.secrets ?? [];
          await repo.update(row.id, {
            status: 'sent',
            sentAt: new Date(),
            attempts: row.attempts + 1,
            lastError: null,
            ...(secrets.length
              ? {
                  subject: scrub(row.subject, secrets),
                  text: scrub(row.text, secrets),
                  html: row.html && scrub(row.html, secrets),
                  secrets: null,
                }
              : {}),
          });
        } catch (err) {
          const attempts = row.attempts + 1;
          await repo.update(row.id, {
            attempts,
            status: attempts >= maxAttempts ? 'failed' : 'pending',
            lastError: err instanceof Error ? err.message.slice(0, 500) : 'unknown error',
          });
        }
      }
      return rows.length;
    });
  }
}
