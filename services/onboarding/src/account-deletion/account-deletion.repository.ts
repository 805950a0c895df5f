import { Injectable } from '@nestjs/common';
import { ERASED_BUYER_NAME, erasedBuyerEmail } from '@paymarket/contracts';
import type { Transaction } from '@paymarket/platform';

export interface DeletionBuyer {
  id: string;
  name: string;
  email: string;
}

export interface DeletionRequestRow {
  id: string;
  buyerId: string;
  createdAt: Date;
  expiresAt: Date;
  confirmedAt: Date | null;
}

export interface NewDeletionRequest {
  id: string;
  buyerId: string;
  email: string;
  reason: string | null;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Port: deletion requests and the buyer data they erase. Use cases never see SQL. */
export abstract class AccountDeletionRepository {
  /** Serialises deletion requests for one email until the transaction ends. */
  abstract lockEmail(tx: Transaction, email: string): Promise<void>;
  /** A buyer that still exists (not erased), locked for update. */
  abstract activeBuyerByEmail(tx: Transaction, email: string): Promise<DeletionBuyer | undefined>;
  abstract activeBuyerById(tx: Transaction, id: string): Promise<DeletionBuyer | undefined>;
  /** Whether the buyer has a request not yet confirmed that was made after `since`. */
  abstract hasOpenRequestSince(tx: Transaction, buyerId: string, since: Date): Promise<boolean>;
  /** Removes the buyer's requests not yet confirmed (a newer request or the deletion itself replaces them). */
  abstract dropOpenRequests(tx: Transaction, buyerId: string): Promise<void>;
  /** Removes unconfirmed requests that expired before `before`: they hold an email and a reason for nothing. */
  abstract purgeExpired(tx: Transaction, before: Date): Promise<void>;
  abstract insert(tx: Transaction, row: NewDeletionRequest): Promise<void>;
  /** The request with this token hash, locked for update. */
  abstract lockByTokenHash(tx: Transaction, tokenHash: string): Promise<DeletionRequestRow | undefined>;
  /** Marks the request confirmed and forgets its email. */
  abstract markConfirmed(tx: Transaction, id: string, at: Date): Promise<void>;
  /** Replaces the buyer's personal data with placeholders and marks the row deleted (a tombstone keeps the id). */
  abstract eraseBuyer(tx: Transaction, buyerId: string, at: Date): Promise<void>;
  /** Deletes the buyer's sign-in codes (they name the email). */
  abstract deleteSignInCodes(tx: Transaction, buyerId: string, email: string): Promise<void>;
  /** Revokes every active session of the buyer; returns how many. */
  abstract revokeBuyerSessions(tx: Transaction, buyerId: string, at: Date): Promise<number>;
  /**
   * Redacts the buyer's email, name, sign-in codes and confirmation links in outbox events already published (their
   * consumers have them; the outbox keeps published rows). Unsent rows are left as they are: they are still owed.
   */
  abstract redactPublishedEvents(tx: Transaction, buyerId: string, email: string): Promise<void>;
}

interface RawRequest {
  id: string;
  buyer_id: string;
  created_at: Date;
  expires_at: Date;
  confirmed_at: Date | null;
}

@Injectable()
export class SqlAccountDeletionRepository extends AccountDeletionRepository {
  async lockEmail(tx: Transaction, email: string): Promise<void> {
    await tx.manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`account-deletion:${email}`]);
  }

  async activeBuyerByEmail(tx: Transaction, email: string): Promise<DeletionBuyer | undefined> {
    const rows = (await tx.manager.query(`SELECT id, name, email FROM buyers WHERE email = $1 AND deleted_at IS NULL FOR UPDATE`, [
      email,
    ])) as DeletionBuyer[];
    return rows[0];
  }

  async activeBuyerById(tx: Transaction, id: string): Promise<DeletionBuyer | undefined> {
    const rows = (await tx.manager.query(`SELECT id, name, email FROM buyers WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [
      id,
    ])) as DeletionBuyer[];
    return rows[0];
  }

  async hasOpenRequestSince(tx: Transaction, buyerId: string, since: Date): Promise<boolean> {
    const rows = (await tx.manager.query(
      `SELECT 1 FROM account_deletion_requests WHERE buyer_id = $1 AND confirmed_at IS NULL AND created_at > $2 LIMIT 1`,
      [buyerId, since],
    )) as unknown[];
    return rows.length > 0;
  }

  async dropOpenRequests(tx: Transaction, buyerId: string): Promise<void> {
    await tx.manager.query(`DELETE FROM account_deletion_requests WHERE buyer_id = $1 AND confirmed_at IS NULL`, [buyerId]);
  }

  async purgeExpired(tx: Transaction, before: Date): Promise<void> {
    await tx.manager.query(`DELETE FROM account_deletion_requests WHERE confirmed_at IS NULL AND expires_at < $1`, [before]);
  }

  async insert(tx: Transaction, row: NewDeletionRequest): Promise<void> {
    await tx.manager.query(
      `INSERT INTO account_deletion_requests (id, buyer_id, email, reason, token_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [row.id, row.buyerId, row.email, row.reason, row.tokenHash, row.createdAt, row.expiresAt],
    );
  }

  async lockByTokenHash(tx: Transaction, tokenHash: string): Promise<DeletionRequestRow | undefined> {
    const rows = (await tx.manager.query(
      `SELECT id, buyer_id, created_at, expires_at, confirmed_at FROM account_deletion_requests WHERE token_hash = $1 FOR UPDATE`,
      [tokenHash],
    )) as RawRequest[];
    const r = rows[0];
    return r ? { id: r.id, buyerId: r.buyer_id, createdAt: r.created_at, expiresAt: r.expires_at, confirmedAt: r.confirmed_at } : undefined;
  }

  async markConfirmed(tx: Transaction, id: string, at: Date): Promise<void> {
    await tx.manager.query(`UPDATE account_deletion_requests SET confirmed_at = $2, email = NULL WHERE id = $1`, [id, at]);
  }

  async eraseBuyer(tx: Transaction, buyerId: string, at: Date): Promise<void> {
    // The email stays unique and NOT NULL but can never receive mail (.invalid is reserved, RFC 2606), so the
    // address is free to register again and no sign-in code can reach the tombstone.
    await tx.manager.query(
      `UPDATE buyers
          SET name = 'Deleted buyer', email = 'deleted-' || id::text || '@deleted.invalid', company = NULL,
              business_type = NULL, expected_volume = NULL, requirements = NULL, deleted_at = $2
        WHERE id = $1`,
      [buyerId, at],
    );
  }

  async deleteSignInCodes(tx: Transaction, buyerId: string, email: string): Promise<void> {
    await tx.manager.query(`DELETE FROM sign_in_codes WHERE buyer_id = $1 OR email = $2`, [buyerId, email]);
  }

  async revokeBuyerSessions(tx: Transaction, buyerId: string, at: Date): Promise<number> {
    const result = (await tx.manager.query(
      `UPDATE sessions SET revoked_at = $2 WHERE kind = 'buyer' AND subject_id = $1 AND revoked_at IS NULL`,
      [buyerId, at],
    )) as [unknown[], number];
    return result[1];
  }

  async redactPublishedEvents(tx: Transaction, buyerId: string, email: string): Promise<void> {
    // account.deletion_requested itself is not touched: it is being published in this very transaction.
    await tx.manager.query(
      `UPDATE outbox SET payload = CASE name
           WHEN 'buyer.registered' THEN payload || jsonb_build_object('email', $3::text, 'name', $4::text)
           WHEN 'sign_in.code_requested' THEN payload || jsonb_build_object('email', $3::text, 'name', NULL, 'code', NULL)
           ELSE payload || jsonb_build_object('email', $3::text, 'name', NULL, 'path', NULL) END
        WHERE sent_at IS NOT NULL
          AND name IN ('buyer.registered', 'sign_in.code_requested', 'account.deletion_confirmation_requested')
          AND (lower(payload->>'email') = lower($2) OR payload->>'buyerId' = $1)`,
      [buyerId, email, erasedBuyerEmail(buyerId), ERASED_BUYER_NAME],
    );
  }
}
