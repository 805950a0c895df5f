import { Injectable } from '@nestjs/common';
import type { Transaction } from '@paymarket/platform';
import { DataSource } from 'typeorm';
import type { ApiKeyRow } from './api-keys.js';

export interface NewApiKey {
  id: string;
  companyId: string;
  name: string;
  access: 'full' | 'read_only';
  prefix: string;
  secretHash: Buffer;
  createdAt: Date;
}

/** An authenticated key with its company's standing. */
export interface KeyWithCompany extends ApiKeyRow {
  companyName: string;
  website: string;
  apiKey: string | null;
  approved: boolean;
}

/** Port: API keys (ADR 0037). Only the SHA-256 of a secret is stored. */
export abstract class ApiKeysRepository {
  abstract insert(tx: Transaction, key: NewApiKey): Promise<void>;
  abstract byHash(hash: Buffer): Promise<KeyWithCompany | null>;
  abstract list(companyId: string): Promise<ApiKeyRow[]>;
  /** Row-locks the company's keys for the transaction (so the active-key limit holds under concurrency). */
  abstract lockCompany(tx: Transaction, companyId: string): Promise<void>;
  abstract activeCount(tx: Transaction, companyId: string, now: Date): Promise<number>;
  abstract find(tx: Transaction, companyId: string, id: string): Promise<ApiKeyRow | null>;
  abstract setExpiry(tx: Transaction, id: string, expiresAt: Date): Promise<void>;
  abstract revoke(tx: Transaction, id: string, at: Date): Promise<void>;
  /** Records use at most once a minute per key, so authentication is not a write per request. */
  abstract touch(id: string, at: Date): Promise<void>;
}

const COLUMNS = `k.id, k.company_id AS "companyId", k.name, k.access, k.prefix, k.created_at AS "createdAt",
  k.last_used_at AS "lastUsedAt", k.expires_at AS "expiresAt", k.revoked_at AS "revokedAt"`;

@Injectable()
export class SqlApiKeysRepository extends ApiKeysRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async insert(tx: Transaction, key: NewApiKey): Promise<void> {
    await tx.manager.query(
      `INSERT INTO api_keys (id, company_id, name, access, prefix, secret_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [key.id, key.companyId, key.name, key.access, key.prefix, key.secretHash, key.createdAt],
    );
  }

  async byHash(hash: Buffer): Promise<KeyWithCompany | null> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS}, c.name AS "companyName", c.website, c.api_key AS "apiKey",
              (c.has_api_access AND c.verification_status = 'approved') AS approved
         FROM api_keys k JOIN companies c ON c.id = k.company_id WHERE k.secret_hash = $1`,
      [hash],
    )) as KeyWithCompany[];
    return rows[0] ?? null;
  }

  async list(companyId: string): Promise<ApiKeyRow[]> {
    return (await this.dataSource.query(`SELECT ${COLUMNS} FROM api_keys k WHERE k.company_id = $1 ORDER BY k.created_at, k.id`, [
      companyId,
    ])) as ApiKeyRow[];
  }

  async lockCompany(tx: Transaction, companyId: string): Promise<void> {
    await tx.manager.query(`SELECT 1 FROM companies WHERE id = $1 FOR UPDATE`, [companyId]);
  }

  async activeCount(tx: Transaction, companyId: string, now: Date): Promise<number> {
    const rows = (await tx.manager.query(
      `SELECT count(*)::int AS n FROM api_keys WHERE company_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
      [companyId, now],
    )) as [{ n: number }];
    return rows[0].n;
  }

  async find(tx: Transaction, companyId: string, id: string): Promise<ApiKeyRow | null> {
    const rows = (await tx.manager.query(`SELECT ${COLUMNS} FROM api_keys k WHERE k.id = $1 AND k.company_id = $2 FOR UPDATE`, [
      id,
      companyId,
    ])) as ApiKeyRow[];
    return rows[0] ?? null;
  }

  async setExpiry(tx: Transaction, id: string, expiresAt: Date): Promise<void> {
    await tx.manager.query(`UPDATE api_keys SET expires_at = $2 WHERE id = $1`, [id, expiresAt]);
  }

  async revoke(tx: Transaction, id: string, at: Date): Promise<void> {
    await tx.manager.query(`UPDATE api_keys SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1`, [id, at]);
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`,
      [id, at],
    );
  }
}
