// An in-memory SessionsRepository for use-case specs (ADR 0074): the SQL one's rules (subject in every WHERE, live
// means not revoked and not expired, touch at most once per interval), kept in a Map.
import { randomUUID } from 'node:crypto';
import type { SessionClient } from './device-label.js';
import type { SessionKind } from './session-policy.js';
import { SessionsRepository, type ListedSessionRow, type NewSessionRow, type SessionRow } from './sessions.repository.js';

export interface MemorySessionRow extends SessionRow {
  id: string;
  createdAt: Date;
  client: (SessionClient & { device: string }) | null;
}

export class MemorySessionsRepository extends SessionsRepository {
  rows = new Map<string, MemorySessionRow>();
  /** How many times touch wrote: the throttle's evidence. */
  touches = 0;

  async insert(row: NewSessionRow): Promise<string> {
    const { client, factorVerifiedAt, ...rest } = row;
    const id = randomUUID();
    this.rows.set(row.idHash, {
      ...rest,
      id,
      revokedAt: null,
      factorVerifiedAt: factorVerifiedAt ?? null,
      client: client ?? null,
    });
    return id;
  }

  async find(kind: SessionKind, idHash: string): Promise<SessionRow | undefined> {
    const row = this.rows.get(idHash);
    return row?.kind === kind ? { ...row } : undefined;
  }

  async clientOf(kind: SessionKind, idHash: string): Promise<(SessionClient & { device: string | null }) | undefined> {
    const row = this.rows.get(idHash);
    if (row?.kind !== kind) return undefined;
    return row.client ?? { userAgent: null, ip: null, device: null };
  }

  async touch(idHash: string, lastSeenAt: Date, idleExpiresAt: Date, minIntervalMs: number): Promise<boolean> {
    const row = this.rows.get(idHash);
    if (!row || row.revokedAt || row.lastSeenAt.getTime() > lastSeenAt.getTime() - minIntervalMs) return false;
    row.lastSeenAt = lastSeenAt;
    row.idleExpiresAt = idleExpiresAt;
    this.touches++;
    return true;
  }

  async revoke(kind: SessionKind, idHash: string, at: Date): Promise<boolean> {
    const row = this.rows.get(idHash);
    if (!row || row.kind !== kind || row.revokedAt) return false;
    row.revokedAt = at;
    return true;
  }

  async revokeAll(kind: SessionKind, subjectId: string, at: Date): Promise<number> {
    return this.revokeWhere((row) => row.kind === kind && row.subjectId === subjectId, at).length;
  }

  async revokeAllExcept(kind: SessionKind, subjectId: string, keepIdHash: string, at: Date): Promise<number> {
    return this.revokeWhere((row) => row.kind === kind && row.subjectId === subjectId && row.idHash !== keepIdHash, at).length;
  }

  async revokeById(kind: SessionKind, subjectId: string, id: string, at: Date): Promise<string | undefined> {
    return this.revokeWhere((row) => row.kind === kind && row.subjectId === subjectId && row.id === id, at)[0];
  }

  async listLive(kind: SessionKind, subjectId: string, now: Date): Promise<ListedSessionRow[]> {
    return [...this.rows.values()]
      .filter((r) => r.kind === kind && r.subjectId === subjectId && !r.revokedAt && r.idleExpiresAt > now && r.absoluteExpiresAt > now)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((r) => ({
        id: r.id,
        idHash: r.idHash,
        device: r.client?.device ?? null,
        ip: r.client?.ip ?? null,
        createdAt: r.createdAt,
        lastSeenAt: r.lastSeenAt,
      }));
  }

  private revokeWhere(match: (row: MemorySessionRow) => boolean, at: Date): string[] {
    const ended: string[] = [];
    for (const row of this.rows.values()) {
      if (row.revokedAt || !match(row)) continue;
      row.revokedAt = at;
      ended.push(row.idHash);
    }
    return ended;
  }
}
