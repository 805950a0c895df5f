import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { AuditEvents, type EventEnvelope } from '@paymarket/contracts';
import { createLogger, Inbox } from '@paymarket/platform';
import { AppendAuditEntry } from './append-audit-entry.use-case.js';

const log = createLogger('audit-log');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** audit.recorded → one row of the audit trail (ADR 0075), once per event (inbox consumer `audit-log`). */
@Controller()
export class AuditRecordedHandler {
  constructor(
    private readonly inbox: Inbox,
    private readonly append: AppendAuditEntry,
  ) {}

  @EventPattern<string>(AuditEvents.RECORDED)
  async onAuditRecorded(@Payload() envelope: EventEnvelope<'audit.recorded'>): Promise<void> {
    // The inbox keys on the event id (uuid): without one the event could only fail again at every redelivery.
    if (typeof envelope?.id !== 'string' || !UUID.test(envelope.id)) {
      log.warn({ eventId: envelope?.id, problem: 'the event id is not a uuid' }, 'audit.recorded not appended');
      return;
    }
    await this.inbox.handle(envelope, 'audit-log', async (tx) => {
      const outcome = await this.append.execute(tx.manager, envelope);
      const action = typeof envelope.data?.action === 'string' ? envelope.data.action.slice(0, 100) : undefined;
      if (outcome === 'duplicate') log.info({ eventId: envelope.id, action }, 'audit entry already appended');
      else if ('invalid' in outcome) log.warn({ eventId: envelope.id, action, problem: outcome.invalid }, 'audit.recorded not appended');
      else log.info({ eventId: envelope.id, action, seq: outcome.appended.seq }, 'audit entry appended');
    });
  }
}
