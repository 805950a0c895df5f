import { Injectable } from '@nestjs/common';
import { queryPrepared } from '@paymarket/platform';
import { DataSource } from 'typeorm';
import type { SessionKind } from './session-policy.js';

export interface SessionRow {
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

/** Port: where sessions are kept (by the hash of their token, never the token). */
export abstract class SessionsRepository {
  abstract insert(
    row: Omit<SessionRow, 'revokedAt' | 'factorVerifiedAt'> & { createdAt: Date; factorVerifiedAt?: Date | null },
  ): Promise<void>;
  abstract find(kind: SessionKind, idHash: string): Promise<SessionRow | undefined>;
  abstract touch(idHash: string, lastSeenAt: Date, idleExpiresAt: Date): Promise<void>;
  /** Returns whether an active session was revoked. */
  abstract revoke(kind: SessionKind, idHash: string, at: Date): Promise<boolean>;
  abstract revokeAll(kind: SessionKind, subjectId: string, at: Date): Promise<number>;
}

interface Raw {
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

  async insert(
    row: Omit<SessionRow, 'revokedAt' | 'factorVerifiedAt'> & { createdAt: Date; factorVerifiedAt?: Date | null },
  ): Promise<void> {
    const columns = [row.idHash, row.kind, row.subjectId, row.createdAt, row.lastSeenAt, row.idleExpiresAt, row.absoluteExpiresAt];
    // Only admin sessions have a second factor; the others keep the column's NULL (and the table shape admin:create
    // migrates, which predates the column, keeps working for them).
    if (row.factorVerifiedAt === undefined) {
      await this.dataSource.query(
        `INSERT INTO sessions (id_hash, kind, subject_id, created_at, last_seen_at, idle_expires_at, absolute_expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        columns,
      );
      return;
    }
    await this.dataSource.query(
      `INSERT INTO sessions (id_hash, kind, subject_id, created_at, last_seen_at, idle_expires_at, absolute_expires_at, factor_verified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [...columns, row.factorVerifiedAt],
    );
  }

  async find(kind: SessionKind, idHash: string): Promise<SessionRow | undefined> {
    // Every signed-in request asks this: a prepared statement (ADR 0048), its columns named so a later column never
    // changes the prepared result type.
    const rows = await queryPrepared<Raw>(
      this.dataSource,
      `SELECT id_hash, kind, subject_id, last_seen_at, idle_expires_at, absolute_expires_at, revoked_at, factor_verified_at
         FROM sessions WHERE kind = $1 AND id_hash = $2`,
      [kind, idHash],
    );
    const r = rows[0];
    return r
      ? {
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

  async touch(idHash: string, lastSeenAt: Date, idleExpiresAt: Date): Promise<void> {
    await this.dataSource.query(`UPDATE sessions SET last_seen_at = $2, idle_expires_at = $3 WHERE id_hash = $1 AND revoked_at IS NULL`, [
      idHash,
      lastSeenAt,
      idleExpiresAt,
    ]);
  }

  async revoke(kind: SessionKind, idHash: string, at: Date): Promise<boolean> {
    const result = (await this.dataSource.query(
      `UPDATE sessions SET revoked_at = $3 WHERE kind = $1 AND id_hash = $2 AND revoked_at IS NULL RETURNING id_hash`,
      [kind, idHash, at],
    )) as [unknown[], number];
    return result[1] > 0;
  }

  async revokeAll(kind: SessionKind, subjectId: string, at: Date): Promise<number> {
    const result = (await this.dataSource.query(
      `UPDATE sessions SET revoked_at = $3 WHERE kind = $1 AND subject_id = $2 AND revoked_at IS NULL`,
      [kind, subjectId, at],
    )) as [unknown[], number];
    return result[1];
  }
}
