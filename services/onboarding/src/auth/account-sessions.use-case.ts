import { Injectable } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  type AccountSessionList,
  type AuditContext,
  type EndableSessionKind,
  type EndedSessions,
} from '@paymarket/contracts';
import { ServiceError, type Transaction } from '@paymarket/platform';
import { AuditTrail } from './audit-trail.js';
import { deviceLabel } from './device-label.js';
import { SessionsService, type LiveSession } from './sessions.service.js';

const REFUSAL: Record<EndableSessionKind, string> = {
  admin: AUTH_MESSAGES.ADMIN_REQUIRED,
  console: AUTH_MESSAGES.SIGN_IN_REQUIRED,
};

/**
 * An administrator or a console user sees their live sessions and ends any of them (ADR 0074). Whose sessions these
 * are comes from the caller's own token, never from the request: a session id of someone else matches nothing, and
 * the answer is the same `not_found` as for an id that never existed.
 */
@Injectable()
export class AccountSessionsUseCase {
  constructor(
    private readonly sessions: SessionsService,
    private readonly trail: AuditTrail,
  ) {}

  async list(kind: EndableSessionKind, token: unknown): Promise<AccountSessionList> {
    const caller = await this.caller(kind, token);
    const rows = await this.sessions.listLive(kind, caller.subjectId);
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        // Sessions started before devices were recorded have no label: say so rather than guess.
        device: row.device ?? deviceLabel(null),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.idHash === caller.idHash,
      })),
    };
  }

  /** One `session.ended` row (ADR 0075) naming the ended session; an unknown id ends nothing and records nothing. */
  async end(kind: EndableSessionKind, token: unknown, id: string, audit: AuditContext): Promise<EndedSessions> {
    const caller = await this.caller(kind, token);
    return this.trail.transaction(async (tx) => {
      const endedHash = await this.sessions.endById(kind, caller.subjectId, id);
      if (!endedHash) throw ServiceError.notFound(AUTH_MESSAGES.SESSION_NOT_FOUND);
      await this.recordEnded(tx, kind, caller, id, 1, audit);
      return { ended: 1, signedOut: endedHash === caller.idHash };
    });
  }

  /**
   * "End all other sessions": the caller's own stays. One `session.ended` row naming the caller's session, the one
   * kept (`others: true`), unless none was ended.
   */
  async endOthers(kind: EndableSessionKind, token: unknown, audit: AuditContext): Promise<EndedSessions> {
    const caller = await this.caller(kind, token);
    return this.trail.transaction(async (tx) => {
      const ended = await this.sessions.endOthers(kind, caller.subjectId, caller);
      if (ended > 0) await this.recordEnded(tx, kind, caller, caller.id, ended, audit, { others: true });
      return { ended, signedOut: false };
    });
  }

  private async recordEnded(
    tx: Transaction,
    kind: EndableSessionKind,
    caller: LiveSession,
    sessionId: string,
    ended: number,
    audit: AuditContext,
    extra: Record<string, boolean> = {},
  ): Promise<void> {
    await this.trail.record(tx, audit, {
      action: 'session.ended',
      target: { type: 'session', id: sessionId },
      // A console session's subject is its company, whose console shows the row; an administrator's is platform-only.
      companyId: kind === 'console' ? caller.subjectId : null,
      after: { ended, ...extra },
    });
  }

  /** The caller's live session; an administrator's must be fully signed in (ADR 0072), like every admin route. */
  private async caller(kind: EndableSessionKind, token: unknown): Promise<LiveSession> {
    const live = await this.sessions.inspect(kind, token);
    if (!live) throw ServiceError.unauthorized(REFUSAL[kind]);
    if (kind === 'admin' && !live.factorVerifiedAt) throw ServiceError.unauthorized(AUTH_MESSAGES.SECOND_FACTOR_REQUIRED);
    return live;
  }
}
