import { Injectable } from '@nestjs/common';
import { queryPrepared } from '@paymarket/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { managerOf } from './ambient-transaction.js';
import type { SessionClient } from './device-label.js';
import type { SessionKind } from './session-policy.js';

export interface SessionRow {
  /** The public id (ADR 0074): what the list of sessions and the audit trail name it by. */
  id: string;
  idHash: string;
  kind: SessionKind;
  subjectId: string;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  revokedAt: Date | null;
  /** Admin sessions only (ADR 0072): when the second factor was verified; null while it is still to come. */
  factorVerifiedAt: Date | null;
}

export type NewSessionRow = Omit<SessionRow, 'id' | 'revokedAt' | 'factorVerifiedAt'> & {
  createdAt: Date;
  factorVerifiedAt?: Date | null;
  /** ADR 0074: where it was started; `device` is the readable label made from the user agent. */
  client?: SessionClient & { device: string };
};

/** One live session of a subject, as its owner sees it in the list (ADR 0074). */
export interface ListedSessionRow {
  id: string;
  idHash: string;
  device: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** Port: where sessions are kept (by the hash of their token, never the token). */
export abstract class SessionsRepository {
  /** Answers the new session's public id (ADR 0074). */
  abstract insert(row: NewSessionRow): Promise<string>;
  abstract find(kind: SessionKind, idHash: string): Promise<SessionRow | undefined>;
  /** Where a session was started (to carry it over when the session is replaced), or undefined. */
  abstract clientOf(kind: SessionKind, idHash: string): Promise<(SessionClient & { device: string | null }) | undefined>;
  /**
   * Slides the idle expiry and records the visit, unless the session was seen within `minIntervalMs` of `lastSeenAt`:
   * the condition is in the UPDATE, so two replicas resolving at once write once. Returns whether it wrote.
   */
  abstract touch(idHash: string, lastSeenAt: Date, idleExpiresAt: Date, minIntervalMs: number): Promise<boolean>;
  /** Returns whether an active session was revoked. */
  abstract revoke(kind: SessionKind, idHash: string, at: Date): Promise<boolean>;
  abstract revokeAll(kind: SessionKind, subjectId: string, at: Date): Promise<number>;
  /** Every active session of the subject but the one with `keepIdHash`. */
  abstract revokeAllExcept(kind: SessionKind, subjectId: string, keepIdHash: string, at: Date): Promise<number>;
  /** Ends the subject's active session with this public id; the ended session's hash, or undefined (none of theirs). */
  abstract revokeById(kind: SessionKind, subjectId: string, id: string, at: Date): Promise<string | undefined>;
  /** The subject's live sessions (not revoked, not expired at `now`), newest first. */
  abstract listLive(kind: SessionKind, subjectId: string, now: Date): Promise<ListedSessionRow[]>;
}

interface Raw {
  id: string;
  id_hash: string;
  kind: SessionKind;
  subject_id: string;
  last_seen_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
  revoked_at: Date | null;
  factor_verified_at: Date | null;
}

@Injectable()
export class SqlSessionsRepository extends SessionsRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /** The audited change under way (AuditTrail.transaction), else the data source. */
  private get db(): EntityManager {
    return managerOf(this.dataSource);
  }

  async insert(row: NewSessionRow): Promise<string> {
    const values: Record<string, unknown> = {
      id_hash: row.idHash,
      kind: row.kind,
      subject_id: row.subjectId,
      created_at: row.createdAt,
      last_seen_at: row.lastSeenAt,
      idle_expires_at: row.idleExpiresAt,
      absolute_expires_at: row.absoluteExpiresAt,
    };
    // Optional columns are written only when given: only admin sessions have a second factor, and a session started
    // without a client keeps NULLs; the table shape admin:create migrates, which predates both, keeps working.
    if (row.factorVerifiedAt !== undefined) values.factor_verified_at = row.factorVerifiedAt;
    if (row.client) Object.assign(values, { user_agent: row.client.userAgent, device: row.client.device, ip: row.client.ip });
    const names = Object.keys(values);
    const rows = (await this.db.query(
      `INSERT INTO sessions (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      Object.values(values),
    )) as Array<{ id: string }>;
    return rows[0]!.id;
  }

  async clientOf(kind: SessionKind, idHash: string): Promise<(SessionClient & { device: string | null }) | undefined> {
    const rows = (await this.db.query(`SELECT user_agent, device, ip FROM sessions WHERE kind = $1 AND id_hash = $2`, [kind, idHash])) as {
      user_agent: string | null;
      device: string | null;
      ip: string | null;
    }[];
    const r = rows[0];
    return r ? { userAgent: r.user_agent, device: r.device, ip: r.ip } : undefined;
  }

  async find(kind: SessionKind, idHash: string): Promise<SessionRow | undefined> {
    // Every signed-in request asks this: a prepared statement (ADR 0048), its columns named so a later column never
    // changes the prepared result type.
    const rows = await queryPrepared<Raw>(
      this.dataSource,
      `SELECT id, id_hash, kind, subject_id, last_seen_at, idle_expires_at, absolute_expires_at, revoked_at, factor_verified_at
         FROM sessions WHERE kind = $1 AND id_hash = $2`,
      [kind, idHash],
    );
    const r = rows[0];
    return r
      ? {
          id: r.id,
          idHash: r.id_hash,
          kind: r.kind,
          subjectId: r.subject_id,
          lastSeenAt: r.last_seen_at,
          idleExpiresAt: r.idle_expires_at,
          absoluteExpiresAt: r.absolute_expires_at,
          revokedAt: r.revoked_at,
          factorVerifiedAt: r.factor_verified_at,
        }
      : undefined;
  }

  async touch(idHash: string, lastSeenAt: Date, idleExpiresAt: Date, minIntervalMs: number): Promise<boolean> {
    const result = (await this.db.query(
      `UPDATE sessions SET last_seen_at = $2, idle_expires_at = $3
        WHERE id_hash = $1 AND revoked_at IS NULL AND last_seen_at <= $2::timestamptz - make_interval(secs => $4::double precision / 1000)`,
      [idHash, lastSeenAt, idleExpiresAt, minIntervalMs],
    )) as [unknown[], number];
    return result[1] > 0;
  }

  async revoke(kind: SessionKind, idHash: string, at: Date): Promise<boolean> {
    const result = (await this.db.query(
      `UPDATE sessions SET revoked_at = $3 WHERE kind = $1 AND id_hash = $2 AND revoked_at IS NULL RETURNING id_hash`,
      [kind, idHash, at],
    )) as [unknown[], number];
    return result[1] > 0;
  }

  async revokeAll(kind: SessionKind, subjectId: string, at: Date): Promise<number> {
    const result = (await this.db.query(`UPDATE sessions SET revoked_at = $3 WHERE kind = $1 AND subject_id = $2 AND revoked_at IS NULL`, [
      kind,
      subjectId,
      at,
    ])) as [unknown[], number];
    return result[1];
  }

  async revokeAllExcept(kind: SessionKind, subjectId: string, keepIdHash: string, at: Date): Promise<number> {
    const result = (await this.db.query(
      `UPDATE sessions SET revoked_at = $4 WHERE kind = $1 AND subject_id = $2 AND id_hash <> $3 AND revoked_at IS NULL`,
      [kind, subjectId, keepIdHash, at],
    )) as [unknown[], number];
    return result[1];
  }

  async revokeById(kind: SessionKind, subjectId: string, id: string, at: Date): Promise<string | undefined> {
    // The subject is part of the WHERE: another subject's id matches nothing, exactly like an unknown one.
    const result = (await this.db.query(
      `UPDATE sessions SET revoked_at = $4 WHERE kind = $1 AND subject_id = $2 AND id = $3 AND revoked_at IS NULL RETURNING id_hash`,
      [kind, subjectId, id, at],
    )) as [{ id_hash: string }[], number];
    return result[0][0]?.id_hash;
  }

  async listLive(kind: SessionKind, subjectId: string, now: Date): Promise<ListedSessionRow[]> {
    const rows = (await this.db.query(
      `SELECT id, id_hash, device, ip, created_at, last_seen_at FROM sessions
        WHERE kind = $1 AND subject_id = $2 AND revoked_at IS NULL AND idle_expires_at > $3 AND absolute_expires_at > $3
        ORDER BY created_at DESC, id`,
      [kind, subjectId, now],
    )) as { id: string; id_hash: string; device: string | null; ip: string | null; created_at: Date; last_seen_at: Date }[];
    return rows.map((r) => ({
      id: r.id,
      idHash: r.id_hash,
      device: r.device,
      ip: r.ip,
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at,
    }));
  }
}
