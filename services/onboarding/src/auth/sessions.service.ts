import { Injectable } from '@nestjs/common';
import type { StartedSession } from '@paymarket/contracts';
import { Clock } from './clock.js';
import { hashSessionToken, looksLikeSessionToken, newSessionToken } from './secrets.js';
import { SESSION_POLICY, SESSION_TOUCH_INTERVAL_MS, type SessionKind } from './session-policy.js';
import { SessionsRepository } from './sessions.repository.js';

/**
 * Server-side sessions for buyers and admins: the cookie holds 256 random bits, the table only their hash. A buyer
 * session never resolves as an admin one (the kind is part of every lookup).
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
  ) {}

  /** A new session for every sign-in; the caller's previous one (if any) is revoked, so ids rotate. */
  async start(kind: SessionKind, subjectId: string, previousToken?: string): Promise<StartedSession> {
    const now = this.clock.now();
    if (previousToken !== undefined && looksLikeSessionToken(previousToken)) {
      await this.sessions.revoke(kind, hashSessionToken(previousToken), now);
    }
    const policy = SESSION_POLICY[kind];
    const token = newSessionToken();
    const absoluteExpiresAt = new Date(now.getTime() + policy.absoluteMs);
    await this.sessions.insert({
      idHash: hashSessionToken(token),
      kind,
      subjectId,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(now.getTime() + policy.idleMs),
      absoluteExpiresAt,
    });
    return { token, expiresAt: absoluteExpiresAt.toISOString() };
  }

  /** The session's subject, or undefined when the token is unknown, revoked or expired (idle or absolute). */
  async resolve(kind: SessionKind, token: unknown): Promise<string | undefined> {
    if (!looksLikeSessionToken(token)) return undefined;
    const row = await this.sessions.find(kind, hashSessionToken(token));
    const now = this.clock.now();
    if (!row || row.revokedAt || row.idleExpiresAt <= now || row.absoluteExpiresAt <= now) return undefined;
    if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      const idle = Math.min(now.getTime() + SESSION_POLICY[kind].idleMs, row.absoluteExpiresAt.getTime());
      await this.sessions.touch(row.idHash, now, new Date(idle));
    }
    return row.subjectId;
  }

  async end(kind: SessionKind, token: unknown): Promise<boolean> {
    if (!looksLikeSessionToken(token)) return false;
    return this.sessions.revoke(kind, hashSessionToken(token), this.clock.now());
  }
}
