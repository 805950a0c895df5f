import { Injectable } from '@nestjs/common';
import type { StartedSession } from '@paymarket/contracts';
import { Clock } from './clock.js';
import { hashSessionToken, looksLikeSessionToken, newSessionToken } from './secrets.js';
import { SESSION_POLICY, SESSION_TOUCH_INTERVAL_MS, type SessionKind } from './session-policy.js';
import { SessionsRepository } from './sessions.repository.js';

/** A half-signed-in admin session (password right, second factor to come) lasts this long at most (ADR 0072). */
export const ADMIN_PENDING_SESSION_MS = 10 * 60_000;

export interface LiveSession {
  subjectId: string;
  /** Admin sessions: when the second factor was verified; null while it is still to come. */
  factorVerifiedAt: Date | null;
}

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

  /**
   * A new session for every sign-in; the caller's previous one (if any) is revoked, so ids rotate. `secondFactor`
   * (admin sessions, ADR 0072): `pending` starts a half-signed-in session that lives ADMIN_PENDING_SESSION_MS at
   * most; `verified` a full one.
   */
  async start(
    kind: SessionKind,
    subjectId: string,
    previousToken?: string,
    secondFactor?: 'pending' | 'verified',
  ): Promise<StartedSession> {
    const now = this.clock.now();
    if (previousToken !== undefined && looksLikeSessionToken(previousToken)) {
      await this.sessions.revoke(kind, hashSessionToken(previousToken), now);
    }
    const policy = SESSION_POLICY[kind];
    const token = newSessionToken();
    const lifetime = secondFactor === 'pending' ? Math.min(ADMIN_PENDING_SESSION_MS, policy.absoluteMs) : policy.absoluteMs;
    const absoluteExpiresAt = new Date(now.getTime() + lifetime);
    await this.sessions.insert({
      idHash: hashSessionToken(token),
      kind,
      subjectId,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(Math.min(now.getTime() + policy.idleMs, absoluteExpiresAt.getTime())),
      absoluteExpiresAt,
      ...(secondFactor ? { factorVerifiedAt: secondFactor === 'verified' ? now : null } : {}),
    });
    return { token, expiresAt: absoluteExpiresAt.toISOString() };
  }

  /** The session's subject, or undefined when the token is unknown, revoked or expired (idle or absolute). */
  async resolve(kind: SessionKind, token: unknown): Promise<string | undefined> {
    return (await this.inspect(kind, token))?.subjectId;
  }

  /** The live session behind a token (sliding its idle expiry), or undefined; admin guards read `factorVerifiedAt`. */
  async inspect(kind: SessionKind, token: unknown): Promise<LiveSession | undefined> {
    if (!looksLikeSessionToken(token)) return undefined;
    const row = await this.sessions.find(kind, hashSessionToken(token));
    const now = this.clock.now();
    if (!row || row.revokedAt || row.idleExpiresAt <= now || row.absoluteExpiresAt <= now) return undefined;
    if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      const idle = Math.min(now.getTime() + SESSION_POLICY[kind].idleMs, row.absoluteExpiresAt.getTime());
      await this.sessions.touch(row.idHash, now, new Date(idle));
    }
    return { subjectId: row.subjectId, factorVerifiedAt: row.factorVerifiedAt ?? null };
  }

  /** Ends every session of the subject (a second factor changed: ADR 0072). */
  async endAll(kind: SessionKind, subjectId: string): Promise<number> {
    return this.sessions.revokeAll(kind, subjectId, this.clock.now());
  }

  async end(kind: SessionKind, token: unknown): Promise<boolean> {
    if (!looksLikeSessionToken(token)) return false;
    return this.sessions.revoke(kind, hashSessionToken(token), this.clock.now());
  }
}
