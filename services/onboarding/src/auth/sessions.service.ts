import { Injectable } from '@nestjs/common';
import type { StartedSession } from '@paymarket/contracts';
import { Clock } from './clock.js';
import { deviceLabel, type SessionClient } from './device-label.js';
import { hashSessionToken, looksLikeSessionToken, newSessionToken } from './secrets.js';
import { SESSION_POLICY, SESSION_TOUCH_INTERVAL_MS, type SessionKind } from './session-policy.js';
import { SessionsRepository, type ListedSessionRow } from './sessions.repository.js';

/** A half-signed-in admin session (password right, second factor to come) lasts this long at most (ADR 0072). */
export const ADMIN_PENDING_SESSION_MS = 10 * 60_000;

export interface LiveSession {
  /** The public id (ADR 0074). */
  id: string;
  subjectId: string;
  /** Admin sessions: when the second factor was verified; null while it is still to come. */
  factorVerifiedAt: Date | null;
  /** The sha256 of the token: marks the caller's own row in a list of sessions (ADR 0074). */
  idHash: string;
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
   * most; `verified` a full one. `client` (ADR 0074): the device and IP it starts from; without one, a session that
   * replaces the previous one (second factor, rotation) keeps the previous one's.
   */
  async start(
    kind: SessionKind,
    subjectId: string,
    previousToken?: string,
    secondFactor?: 'pending' | 'verified',
    client?: SessionClient,
  ): Promise<StartedSession> {
    const { token, expiresAt } = await this.open(kind, subjectId, previousToken, secondFactor, client);
    return { token, expiresAt };
  }

  /**
   * As `start`, also answering the new session's public id (ADR 0074), which the audit trail names it by (ADR 0075).
   * Kept out of `start`'s answer, which callers pass on to the gateway as it is.
   */
  async open(
    kind: SessionKind,
    subjectId: string,
    previousToken?: string,
    secondFactor?: 'pending' | 'verified',
    client?: SessionClient,
  ): Promise<StartedSession & { id: string }> {
    const now = this.clock.now();
    let carried: (SessionClient & { device: string | null }) | undefined;
    if (previousToken !== undefined && looksLikeSessionToken(previousToken)) {
      const previousHash = hashSessionToken(previousToken);
      if (!client) carried = await this.sessions.clientOf(kind, previousHash);
      await this.sessions.revoke(kind, previousHash, now);
    }
    const from = client
      ? { ...client, device: deviceLabel(client.userAgent) }
      : carried && { ...carried, device: carried.device ?? deviceLabel(carried.userAgent) };
    const policy = SESSION_POLICY[kind];
    const token = newSessionToken();
    const lifetime = secondFactor === 'pending' ? Math.min(ADMIN_PENDING_SESSION_MS, policy.absoluteMs) : policy.absoluteMs;
    const absoluteExpiresAt = new Date(now.getTime() + lifetime);
    const id = await this.sessions.insert({
      idHash: hashSessionToken(token),
      kind,
      subjectId,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(Math.min(now.getTime() + policy.idleMs, absoluteExpiresAt.getTime())),
      absoluteExpiresAt,
      ...(secondFactor ? { factorVerifiedAt: secondFactor === 'verified' ? now : null } : {}),
      ...(from ? { client: from } : {}),
    });
    return { id, token, expiresAt: absoluteExpiresAt.toISOString() };
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
    // Reads stay cheap: at most one write a minute per session (the UPDATE checks again, for concurrent resolves).
    if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      const idle = Math.min(now.getTime() + SESSION_POLICY[kind].idleMs, row.absoluteExpiresAt.getTime());
      await this.sessions.touch(row.idHash, now, new Date(idle), SESSION_TOUCH_INTERVAL_MS);
    }
    return { id: row.id, subjectId: row.subjectId, factorVerifiedAt: row.factorVerifiedAt ?? null, idHash: row.idHash };
  }

  /** Ends every session of the subject (a second factor changed: ADR 0072). */
  async endAll(kind: SessionKind, subjectId: string): Promise<number> {
    return this.sessions.revokeAll(kind, subjectId, this.clock.now());
  }

  /** Ends every session of the subject but the caller's (a credential changed, or "End all other sessions"). */
  async endOthers(kind: SessionKind, subjectId: string, keep: Pick<LiveSession, 'idHash'>): Promise<number> {
    return this.sessions.revokeAllExcept(kind, subjectId, keep.idHash, this.clock.now());
  }

  /** Ends the subject's session with this public id; the ended session's hash, or undefined when none of theirs. */
  async endById(kind: SessionKind, subjectId: string, id: string): Promise<string | undefined> {
    return this.sessions.revokeById(kind, subjectId, id, this.clock.now());
  }

  /** The subject's live sessions, newest first. */
  async listLive(kind: SessionKind, subjectId: string): Promise<ListedSessionRow[]> {
    return this.sessions.listLive(kind, subjectId, this.clock.now());
  }

  async end(kind: SessionKind, token: unknown): Promise<boolean> {
    if (!looksLikeSessionToken(token)) return false;
    return this.sessions.revoke(kind, hashSessionToken(token), this.clock.now());
  }
}
