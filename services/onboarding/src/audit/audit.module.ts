import { Module } from '@nestjs/common';
import { Clock, SystemClock } from '../auth/clock.js';
import { AppendAuditEntry } from './append-audit-entry.use-case.js';
import { AuditLogRepository } from './audit-log.repository.js';
import { AuditRecordedHandler } from './audit-recorded.handler.js';
import { AuditHandler } from './audit.handler.js';
import { ListAudit } from './list-audit.use-case.js';

/**
 * The audit trail of privileged actions (ADR 0075): every service's `audit.recorded` events appended once, chained
 * by hash, and read by /admin and the developer console (`onboarding.list_audit`).
 */
@Module({
  controllers: [AuditRecordedHandler, AuditHandler],
  providers: [{ provide: Clock, useClass: SystemClock }, AuditLogRepository, AppendAuditEntry, ListAudit],
})
export class AuditModule {}
