import { Injectable } from '@nestjs/common';
import type { AuditContext, AuditOrigin } from '@paymarket/contracts';
import { recordAudit, ServiceError, UnitOfWork, type AuditFact, type Transaction } from '@paymarket/platform';
import { withinTransaction } from './ambient-transaction.js';

/**
 * Port: the rows onboarding's privileged actions add to the audit trail (ADR 0075), each written in the transaction
 * of the change it describes.
 */
export abstract class AuditTrail {
  /** Records `fact` in the transaction of `tx`: committed with the change, or not at all. */
  abstract record(tx: Transaction, context: AuditContext, fact: AuditFact): Promise<void>;
  /**
   * Runs `work` in one transaction that the session, administrator and second-factor stores also write through, so a
   * change made with them commits with its row. A refused attempt records in one of its own, which commits although
   * the command then fails.
   */
  abstract transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

@Injectable()
export class SqlAuditTrail extends AuditTrail {
  constructor(private readonly unitOfWork: UnitOfWork) {
    super();
  }

  async record(tx: Transaction, context: AuditContext, fact: AuditFact): Promise<void> {
    // Through the unit of work's transaction: the relay is nudged once it commits, so the row leaves at once.
    await recordAudit(tx, 'onboarding', context, fact);
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.unitOfWork.run((tx) => withinTransaction(tx.manager, () => work(tx)));
  }
}

const ORIGIN_MESSAGE = 'audit must hold the ip and userAgent of the request (strings or null)';

const stringOrNull = (value: unknown, max: number): string | null | undefined =>
  value === null || value === undefined ? null : typeof value === 'string' ? value.slice(0, max) : undefined;

/**
 * Where a privileged command came from, as the gateway sent it (`audit`), for the commands whose actor onboarding
 * names itself (a sign-in, an account erased); `invalid` naming `audit` otherwise. Commands with an actor are checked
 * with the platform's requireAuditContext.
 */
export function auditOriginOf(value: unknown): AuditOrigin {
  const audit = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const ip = stringOrNull(audit?.ip, 100);
  const userAgent = stringOrNull(audit?.userAgent, 512);
  if (!audit || ip === undefined || userAgent === undefined) throw ServiceError.invalid(ORIGIN_MESSAGE, { audit: [ORIGIN_MESSAGE] });
  return { ip, userAgent };
}

/** An administrator acting on their own account, known from their session rather than from the gateway. */
export function adminContext(admin: { id: string; email: string }, origin: AuditOrigin): AuditContext {
  return { actor: { type: 'admin', id: admin.id, label: admin.email }, ip: origin.ip, userAgent: origin.userAgent };
}
