import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@paymarket/contracts';
import type { EntityManager } from 'typeorm';
import { Clock } from '../auth/clock.js';
import { auditEntryFromEvent } from './audit-event.js';
import { AuditLogRepository, type StoredAuditRow } from './audit-log.repository.js';

export type AppendOutcome = { appended: StoredAuditRow } | 'duplicate' | { invalid: string };

/**
 * Appends one `audit.recorded` event to the trail (ADR 0075), in the inbox's transaction. An event that cannot be
 * a row (see auditEntryFromEvent) is reported, not appended: redelivering it would never make it valid.
 */
@Injectable()
export class AppendAuditEntry {
  constructor(
    private readonly trail: AuditLogRepository,
    private readonly clock: Clock,
  ) {}

  async execute(manager: EntityManager, envelope: Partial<EventEnvelope<'audit.recorded'>> | undefined): Promise<AppendOutcome> {
    const entry = auditEntryFromEvent(envelope);
    if (typeof entry === 'string') return { invalid: entry };
    const appended = await this.trail.append(manager, entry, this.clock.now());
    return appended ? { appended } : 'duplicate';
  }
}
