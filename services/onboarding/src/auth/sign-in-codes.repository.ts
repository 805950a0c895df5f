import { Injectable } from '@nestjs/common';
import type { SignedInBuyer } from '@paymarket/contracts';
import { queryPrepared, type Transaction } from '@paymarket/platform';
import { DataSource } from 'typeorm';

export interface SignInCodeRow {
  id: string;
  email: string;
  buyerId: string | null;
  codeHash: string;
  attempts: number;
  createdAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
  burnedAt: Date | null;
}

/** Port: sign-in codes (hashed) and the buyers they sign in. */
export abstract class SignInCodesRepository {
  /** Serialises code requests and checks for one email until the transaction ends. */
  abstract lockEmail(tx: Transaction, email: string): Promise<void>;
  /** The newest code for the email, locked for update. */
  abstract latest(tx: Transaction, email: string): Promise<SignInCodeRow | undefined>;
  /** Ends every code of the email still open (a new one replaces them). */
  abstract retireOpen(tx: Transaction, email: string, at: Date): Promise<void>;
  abstract insert(tx: Transaction, row: Omit<SignInCodeRow, 'attempts' | 'consumedAt' | 'burnedAt'>): Promise<void>;
  abstract recordWrongTry(tx: Transaction, id: string, attempts: number, burnedAt: Date | null): Promise<void>;
  abstract consume(tx: Transaction, id: string, at: Date): Promise<void>;
  abstract buyerByEmail(tx: Transaction, email: string): Promise<SignedInBuyer | undefined>;
  abstract buyerById(id: string): Promise<SignedInBuyer | undefined>;
}

interface Raw {
  id: string;
  email: string;
  buyer_id: string | null;
  code_hash: string;
  attempts: number;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
  burned_at: Date | null;
}

@Injectable()
export class SqlSignInCodesRepository extends SignInCodesRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async lockEmail(tx: Transaction, email: string): Promise<void> {
    await tx.manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`sign-in:${email}`]);
  }

  async latest(tx: Transaction, email: string): Promise<SignInCodeRow | undefined> {
    const rows = (await tx.manager.query(`SELECT * FROM sign_in_codes WHERE email = $1 ORDER BY created_at DESC, id LIMIT 1 FOR UPDATE`, [
      email,
    ])) as Raw[];
    const r = rows[0];
    return r
      ? {
          id: r.id,
          email: r.email,
          buyerId: r.buyer_id,
          codeHash: r.code_hash,
          attempts: r.attempts,
          createdAt: r.created_at,
          expiresAt: r.expires_at,
          consumedAt: r.consumed_at,
          burnedAt: r.burned_at,
        }
      : undefined;
  }

  async retireOpen(tx: Transaction, email: string, at: Date): Promise<void> {
    await tx.manager.query(`UPDATE sign_in_codes SET consumed_at = $2 WHERE email = $1 AND consumed_at IS NULL`, [email, at]);
  }

  async insert(tx: Transaction, row: Omit<SignInCodeRow, 'attempts' | 'consumedAt' | 'burnedAt'>): Promise<void> {
    await tx.manager.query(
      `INSERT INTO sign_in_codes (id, email, buyer_id, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.id, row.email, row.buyerId, row.codeHash, row.createdAt, row.expiresAt],
    );
  }

  async recordWrongTry(tx: Transaction, id: string, attempts: number, burnedAt: Date | null): Promise<void> {
    await tx.manager.query(
      `UPDATE sign_in_codes SET attempts = $2, burned_at = $3, consumed_at = COALESCE(consumed_at, $3) WHERE id = $1`,
      [id, attempts, burnedAt],
    );
  }

  async consume(tx: Transaction, id: string, at: Date): Promise<void> {
    await tx.manager.query(`UPDATE sign_in_codes SET consumed_at = $2 WHERE id = $1`, [id, at]);
  }

  async buyerByEmail(tx: Transaction, email: string): Promise<SignedInBuyer | undefined> {
    const rows = (await tx.manager.query(`SELECT id, name, email FROM buyers WHERE email = $1 AND deleted_at IS NULL`, [
      email,
    ])) as SignedInBuyer[];
    return rows[0];
  }

  async buyerById(id: string): Promise<SignedInBuyer | undefined> {
    // Every signed-in buyer request asks this (after the session): a prepared statement (ADR 0048).
    const rows = await queryPrepared<SignedInBuyer>(
      this.dataSource,
      `SELECT id, name, email FROM buyers WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    return rows[0];
  }
}
