import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { IsOptional, Matches } from 'class-validator';
import type { EventEnvelope, EventName } from '@paymarket/contracts';
import { Inbox, type InboxOutcome } from '@paymarket/platform';
import { EmailDeliveryWorker } from './email-delivery.worker.js';
import { EmailsRepository, secretsOf } from './emails.repository.js';
import { Mailer, type OutgoingEmail } from './mailer.js';

/** Where people open PayMarket: every link in an email starts with it (never with a request's Host header). */
export class PublicUrlEnv {
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/\S*)?$/, { message: 'PUBLIC_URL must be an http:// or https:// URL' })
  PUBLIC_URL: string = 'http://localhost:3000';
}

/**
 * Writes what one event has to say by email, once per event and consumer however often the broker delivers it: the
 * inbox row and the emails commit in one transaction, then delivery is woken. The inbox row is written even when
 * there is nothing to send, so a redelivery is a no-op either way. Secret values the event carries (sign-in codes,
 * one-time link paths: SECRET_PAYLOAD_FIELDS) go with each email so the stored copy drops them once sent.
 */
@Injectable()
export class EventEmails {
  constructor(
    private readonly inbox: Inbox,
    private readonly emails: EmailsRepository,
    private readonly mailer: Mailer,
    private readonly delivery: EmailDeliveryWorker,
  ) {}

  async send<N extends EventName>(
    envelope: EventEnvelope<N>,
    consumer: string,
    outgoing: OutgoingEmail | null | readonly OutgoingEmail[],
  ): Promise<InboxOutcome> {
    const list: readonly OutgoingEmail[] = outgoing === null ? [] : Array.isArray(outgoing) ? outgoing : [outgoing as OutgoingEmail];
    const secrets = secretsOf(envelope);
    const outcome = await this.inbox.handle(envelope, consumer, async (tx) => {
      for (const email of list) {
        await this.emails.add(tx, {
          id: randomUUID(),
          ...email,
          status: this.mailer.delivers ? 'pending' : 'stored',
          sourceEventId: envelope.id,
          ...(secrets.length > 0 ? { secrets } : {}),
        });
      }
    });
    if (outcome === 'processed' && list.length > 0) this.delivery.kick();
    return outcome;
  }
}
