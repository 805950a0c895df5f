import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, type AccountSessionList, type EndableSessionKind, type EndedSessions } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
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
  constructor(private readonly sessions: SessionsService) {}

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

  async end(kind: EndableSessionKind, token: unknown, id: string): Promise<EndedSessions> {
    const caller = await this.caller(kind, token);
    const endedHash = await this.sessions.endById(kind, caller.subjectId, id);
    if (!endedHash) throw ServiceError.notFound(AUTH_MESSAGES.SESSION_NOT_FOUND);
    return { ended: 1, signedOut: endedHash === caller.idHash };
  }

  /** "End all other sessions": the caller's own stays. */
  async endOthers(kind: EndableSessionKind, token: unknown): Promise<EndedSessions> {
    const caller = await this.caller(kind, token);
    return { ended: await this.sessions.endOthers(kind, caller.subjectId, caller), signedOut: false };
  }

  /** The caller's live session; an administrator's must be fully signed in (ADR 0072), like every admin route. */
  private async caller(kind: EndableSessionKind, token: unknown): Promise<LiveSession> {
    const live = await this.sessions.inspect(kind, token);
    if (!live) throw ServiceError.unauthorized(REFUSAL[kind]);
    if (kind === 'admin' && !live.factorVerifiedAt) throw ServiceError.unauthorized(AUTH_MESSAGES.SECOND_FACTOR_REQUIRED);
    return live;
  }
}
