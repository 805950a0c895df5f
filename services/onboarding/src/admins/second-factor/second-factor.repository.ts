import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { managerOf } from '../../auth/ambient-transaction.js';

export interface TotpRow {
  secretEncrypted: string;
  pendingSecretEncrypted: string | null;
  confirmedAt: Date | null;
  lastUsedStep: number | null;
}

/** The encrypted values of an admin_totp row (FactorSecretBox): the confirmed secret and the one being enrolled. */
export interface StoredTotpSecrets {
  secretEncrypted: string;
  pendingSecretEncrypted: string | null;
}

export interface PasskeyRow {
  id: string;
  adminId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type ChallengePurpose = 'register' | 'authenticate';

/** Port: an administrator's second factors (ADR 0072) and the wrong attempts the throttle counts. */
export abstract class SecondFactorRepository {
  abstract totp(adminId: string): Promise<TotpRow | undefined>;
  /** Keeps a new secret waiting for its first code; a confirmed secret stays in force until then. */
  abstract savePendingTotp(adminId: string, secretEncrypted: string): Promise<void>;
  /** The pending secret replaces the confirmed one, with `step` as its last used step; false when none is pending. */
  abstract confirmTotp(adminId: string, step: number, at: Date): Promise<boolean>;
  /** Records `step` as used unless it is at or before the last used one: false means a replay (or no confirmed secret). */
  abstract useTotpStep(adminId: string, step: number): Promise<boolean>;
  /**
   * TOTP rows (by admin id, after `afterAdminId`) with a value, confirmed or pending, under another key than
   * `currentKeyId`: what FactorSecretUpkeep re-encrypts when ADMIN_FACTOR_KEYS rotated.
   */
  abstract totpSecretsNotUnder(
    currentKeyId: string,
    afterAdminId: string | null,
    limit: number,
  ): Promise<Array<{ adminId: string } & StoredTotpSecrets>>;
  /** Stores `next` only if both values are still `expected` (compare-and-set): false when they changed meanwhile. */
  abstract replaceTotpSecrets(adminId: string, expected: StoredTotpSecrets, next: StoredTotpSecrets): Promise<boolean>;
  abstract replaceRecoveryCodes(adminId: string, hashes: string[], at: Date): Promise<void>;
  /** Marks the code used if it is the admin's and unused; false otherwise. Atomic, so a code passes once. */
  abstract useRecoveryCode(adminId: string, hash: string, at: Date): Promise<boolean>;
  abstract recoveryCodesLeft(adminId: string): Promise<number>;
  abstract passkeys(adminId: string): Promise<PasskeyRow[]>;
  abstract addPasskey(row: PasskeyRow): Promise<void>;
  abstract usePasskey(adminId: string, id: string, counter: number, at: Date): Promise<void>;
  /** Returns whether the admin had it. */
  abstract removePasskey(adminId: string, id: string): Promise<boolean>;
  abstract saveChallenge(adminId: string, purpose: ChallengePurpose, challenge: string, expiresAt: Date): Promise<void>;
  /** The challenge, removed as it is read: each serves one ceremony. */
  abstract takeChallenge(adminId: string, purpose: ChallengePurpose): Promise<{ challenge: string; expiresAt: Date } | undefined>;
  abstract failuresSince(by: 'admin' | 'ip', value: string, since: Date): Promise<{ count: number; oldest: Date | null }>;
  abstract recordFailure(adminId: string, ip: string, at: Date): Promise<void>;
  abstract clearFailures(adminId: string): Promise<void>;
}

interface RawTotp {
  secret_encrypted: string;
  pending_secret_encrypted: string | null;
  confirmed_at: Date | null;
  last_used_step: string | null;
}

interface RawPasskey {
  id: string;
  admin_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  created_at: Date;
  last_used_at: Date | null;
}

const affected = (result: unknown) => (result as [unknown[], number])[1] > 0;

@Injectable()
export class SqlSecondFactorRepository extends SecondFactorRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /** The audited change under way (AuditTrail.transaction), else the data source. */
  private get db(): EntityManager {
    return managerOf(this.dataSource);
  }

  async totp(adminId: string): Promise<TotpRow | undefined> {
    const rows = (await this.db.query(
      `SELECT secret_encrypted, pending_secret_encrypted, confirmed_at, last_used_step FROM admin_totp WHERE admin_id = $1`,
      [adminId],
    )) as RawTotp[];
    const r = rows[0];
    return r
      ? {
          secretEncrypted: r.secret_encrypted,
          pendingSecretEncrypted: r.pending_secret_encrypted,
          confirmedAt: r.confirmed_at,
          lastUsedStep: r.last_used_step === null ? null : Number(r.last_used_step),
        }
      : undefined;
  }

  async savePendingTotp(adminId: string, secretEncrypted: string): Promise<void> {
    // A first enrolment has no confirmed secret: the row's secret column holds the pending one until it is confirmed.
    await this.db.query(
      `INSERT INTO admin_totp (admin_id, secret_encrypted, pending_secret_encrypted) VALUES ($1, $2, $2)
       ON CONFLICT (admin_id) DO UPDATE SET pending_secret_encrypted = EXCLUDED.pending_secret_encrypted`,
      [adminId, secretEncrypted],
    );
  }

  async confirmTotp(adminId: string, step: number, at: Date): Promise<boolean> {
    return affected(
      await this.db.query(
        `UPDATE admin_totp SET secret_encrypted = pending_secret_encrypted, pending_secret_encrypted = NULL,
                confirmed_at = $3, last_used_step = $2
          WHERE admin_id = $1 AND pending_secret_encrypted IS NOT NULL`,
        [adminId, step, at],
      ),
    );
  }

  async useTotpStep(adminId: string, step: number): Promise<boolean> {
    return affected(
      await this.db.query(
        `UPDATE admin_totp SET last_used_step = $2
          WHERE admin_id = $1 AND confirmed_at IS NOT NULL AND (last_used_step IS NULL OR last_used_step < $2)`,
        [adminId, step],
      ),
    );
  }

  async totpSecretsNotUnder(
    currentKeyId: string,
    afterAdminId: string | null,
    limit: number,
  ): Promise<Array<{ adminId: string } & StoredTotpSecrets>> {
    // Stored values are `v1:<keyId>:…` (FactorSecretBox): the second part names the key. A NULL pending value matches
    // nothing.
    const rows = (await this.db.query(
      `SELECT admin_id, secret_encrypted, pending_secret_encrypted FROM admin_totp
        WHERE ($2::uuid IS NULL OR admin_id > $2::uuid)
          AND (split_part(secret_encrypted, ':', 2) <> $1 OR split_part(pending_secret_encrypted, ':', 2) <> $1)
        ORDER BY admin_id
        LIMIT $3`,
      [currentKeyId, afterAdminId, limit],
    )) as Array<{ admin_id: string; secret_encrypted: string; pending_secret_encrypted: string | null }>;
    return rows.map((r) => ({
      adminId: r.admin_id,
      secretEncrypted: r.secret_encrypted,
      pendingSecretEncrypted: r.pending_secret_encrypted,
    }));
  }

  async replaceTotpSecrets(adminId: string, expected: StoredTotpSecrets, next: StoredTotpSecrets): Promise<boolean> {
    return affected(
      await this.db.query(
        `UPDATE admin_totp SET secret_encrypted = $4, pending_secret_encrypted = $5
          WHERE admin_id = $1 AND secret_encrypted = $2 AND pending_secret_encrypted IS NOT DISTINCT FROM $3`,
        [adminId, expected.secretEncrypted, expected.pendingSecretEncrypted, next.secretEncrypted, next.pendingSecretEncrypted],
      ),
    );
  }

  async replaceRecoveryCodes(adminId: string, hashes: string[], at: Date): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query(`DELETE FROM admin_recovery_codes WHERE admin_id = $1`, [adminId]);
      await manager.query(`INSERT INTO admin_recovery_codes (admin_id, code_hash, created_at) SELECT $1, unnest($2::text[]), $3`, [
        adminId,
        hashes,
        at,
      ]);
    });
  }

  async useRecoveryCode(adminId: string, hash: string, at: Date): Promise<boolean> {
    return affected(
      await this.db.query(`UPDATE admin_recovery_codes SET used_at = $3 WHERE admin_id = $1 AND code_hash = $2 AND used_at IS NULL`, [
        adminId,
        hash,
        at,
      ]),
    );
  }

  async recoveryCodesLeft(adminId: string): Promise<number> {
    const rows = (await this.db.query(`SELECT count(*)::int AS left FROM admin_recovery_codes WHERE admin_id = $1 AND used_at IS NULL`, [
      adminId,
    ])) as { left: number }[];
    return rows[0]?.left ?? 0;
  }

  async passkeys(adminId: string): Promise<PasskeyRow[]> {
    const rows = (await this.db.query(`SELECT * FROM admin_passkeys WHERE admin_id = $1 ORDER BY created_at`, [adminId])) as RawPasskey[];
    return rows.map((r) => ({
      id: r.id,
      adminId: r.admin_id,
      publicKey: new Uint8Array(r.public_key),
      counter: Number(r.counter),
      transports: r.transports,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
    }));
  }

  async addPasskey(row: PasskeyRow): Promise<void> {
    await this.db.query(
      `INSERT INTO admin_passkeys (id, admin_id, public_key, counter, transports, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.id, row.adminId, Buffer.from(row.publicKey), row.counter, row.transports, row.createdAt],
    );
  }

  async usePasskey(adminId: string, id: string, counter: number, at: Date): Promise<void> {
    await this.db.query(`UPDATE admin_passkeys SET counter = $3, last_used_at = $4 WHERE admin_id = $1 AND id = $2`, [
      adminId,
      id,
      counter,
      at,
    ]);
  }

  async removePasskey(adminId: string, id: string): Promise<boolean> {
    return affected(await this.db.query(`DELETE FROM admin_passkeys WHERE admin_id = $1 AND id = $2 RETURNING id`, [adminId, id]));
  }

  async saveChallenge(adminId: string, purpose: ChallengePurpose, challenge: string, expiresAt: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO admin_webauthn_challenges (admin_id, purpose, challenge, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (admin_id, purpose) DO UPDATE SET challenge = EXCLUDED.challenge, expires_at = EXCLUDED.expires_at`,
      [adminId, purpose, challenge, expiresAt],
    );
  }

  async takeChallenge(adminId: string, purpose: ChallengePurpose): Promise<{ challenge: string; expiresAt: Date } | undefined> {
    const result = (await this.db.query(
      `DELETE FROM admin_webauthn_challenges WHERE admin_id = $1 AND purpose = $2 RETURNING challenge, expires_at`,
      [adminId, purpose],
    )) as [{ challenge: string; expires_at: Date }[], number];
    const row = result[0][0];
    return row ? { challenge: row.challenge, expiresAt: row.expires_at } : undefined;
  }

  async failuresSince(by: 'admin' | 'ip', value: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const match = by === 'admin' ? 'admin_id = $1::uuid' : 'ip = $1';
    const rows = (await this.db.query(
      `SELECT count(*)::int AS count, min(failed_at) AS oldest FROM admin_factor_failures WHERE ${match} AND failed_at > $2`,
      [value, since],
    )) as { count: number; oldest: Date | null }[];
    return rows[0] ?? { count: 0, oldest: null };
  }

  async recordFailure(adminId: string, ip: string, at: Date): Promise<void> {
    await this.db.query(`INSERT INTO admin_factor_failures (admin_id, ip, failed_at) VALUES ($1, $2, $3)`, [adminId, ip, at]);
  }

  async clearFailures(adminId: string): Promise<void> {
    await this.db.query(`DELETE FROM admin_factor_failures WHERE admin_id = $1`, [adminId]);
  }
}
