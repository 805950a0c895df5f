import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, SIGN_IN_CODE } from '@paymarket/contracts';
import { ServiceError, type Transaction, type UnitOfWork } from '@paymarket/platform';
import type { Clock } from './clock.js';
import { hashSignInCode, newSignInCode, signInCodeMatches } from './secrets.js';

/** One emailed sign-in code as its table keeps it (only the hash of the code). */
export interface OneTimeCodeRow {
  id: string;
  email: string;
  /** Who the code signs in; null when nobody uses the email (the row still throttles and counts tries). */
  subjectId: string | null;
  codeHash: string;
  attempts: number;
  createdAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
  burnedAt: Date | null;
}

/** Port: one table of emailed codes (the buyers', the developer console's, the payees'). */
export abstract class OneTimeCodeStore {
  /** Serialises code requests for one email until the transaction ends. */
  abstract lockEmail(tx: Transaction, email: string): Promise<void>;
  /** The newest code for the email, locked for update. */
  abstract latest(tx: Transaction, email: string): Promise<OneTimeCodeRow | undefined>;
  /** Ends every code of the email still open (a new one replaces them). */
  abstract retireOpen(tx: Transaction, email: string, at: Date): Promise<void>;
  abstract insert(tx: Transaction, row: Omit<OneTimeCodeRow, 'attempts' | 'consumedAt' | 'burnedAt'>): Promise<void>;
  abstract recordWrongTry(tx: Transaction, id: string, attempts: number, burnedAt: Date | null): Promise<void>;
  abstract consume(tx: Transaction, id: string, at: Date): Promise<void>;
}

interface Raw {
  id: string;
  email: string;
  subject_id: string | null;
  code_hash: string;
  attempts: number;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
  burned_at: Date | null;
}

/**
 * A code table of the shape `(id, email, <subject column>, code_hash, attempts, created_at, expires_at, consumed_at,
 * burned_at)`. Table and column names are constants of this code base, never input.
 */
export class SqlOneTimeCodeStore extends OneTimeCodeStore {
  constructor(
    private readonly table: 'sign_in_codes' | 'console_sign_in_codes' | 'payee_sign_in_codes',
    private readonly subjectColumn: 'buyer_id' | 'company_id' | 'payee_email',
    /** The advisory lock's namespace, so two flows never wait on each other's locks. */
    private readonly lockPrefix: string,
  ) {
    super();
  }

  async lockEmail(tx: Transaction, email: string): Promise<void> {
    await tx.manager.query(`SELECT pg_advisory_xact_lock(hashtext($1 || $2))`, [this.lockPrefix, email]);
  }

  async latest(tx: Transaction, email: string): Promise<OneTimeCodeRow | undefined> {
    const rows = (await tx.manager.query(
      `SELECT id, email, ${this.subjectColumn}::text AS subject_id, code_hash, attempts, created_at, expires_at, consumed_at, burned_at
         FROM ${this.table} WHERE email = $1 ORDER BY created_at DESC, id LIMIT 1 FOR UPDATE`,
      [email],
    )) as Raw[];
    const r = rows[0];
    return r
      ? {
          id: r.id,
          email: r.email,
          subjectId: r.subject_id,
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
    await tx.manager.query(`UPDATE ${this.table} SET burned_at = $2 WHERE email = $1 AND consumed_at IS NULL AND burned_at IS NULL`, [
      email,
      at,
    ]);
  }

  async insert(tx: Transaction, row: Omit<OneTimeCodeRow, 'attempts' | 'consumedAt' | 'burnedAt'>): Promise<void> {
    await tx.manager.query(
      `INSERT INTO ${this.table} (id, email, ${this.subjectColumn}, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.id, row.email, row.subjectId, row.codeHash, row.createdAt, row.expiresAt],
    );
  }

  async recordWrongTry(tx: Transaction, id: string, attempts: number, burnedAt: Date | null): Promise<void> {
    await tx.manager.query(`UPDATE ${this.table} SET attempts = $2, burned_at = $3 WHERE id = $1`, [id, attempts, burnedAt]);
  }

  async consume(tx: Transaction, id: string, at: Date): Promise<void> {
    await tx.manager.query(`UPDATE ${this.table} SET consumed_at = $2 WHERE id = $1`, [id, at]);
  }
}

/** Who a code request is for: the subject's id (kept on the row) and what to publish with the fresh code. */
export interface CodeRecipient {
  subjectId: string;
  announce(tx: Transaction, code: string, expiresAt: Date): Promise<void>;
}

type Outcome = { ok: true; subjectId: string } | { ok: false; message: string };

/**
 * The emailed-code steps the buyers' sign-in (ADR 0016), the developer console (ADR 0037) and the payee sign-in
 * (ADR 0047) share, by the buyers' rules: one request a minute per email, a new code retires the open ones, codes
 * hashed, single use, 10 minutes, 5 wrong tries burn them. Unknown emails get the same work and the same row, so
 * nothing tells them apart.
 */
export class OneTimeCodes {
  constructor(
    private readonly store: OneTimeCodeStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /**
   * Draws a code for `email`. `recipient` (inside the transaction, after the resend check) names who it signs in, or
   * undefined for an email nobody uses: the code is then stored but never announced. `announceUnknown`, when given,
   * is what such an email gets instead (the buyers' invitation to register); it is never handed the code.
   */
  async request(
    email: string,
    recipient: (tx: Transaction) => Promise<CodeRecipient | undefined>,
    announceUnknown?: (tx: Transaction, expiresAt: Date) => Promise<void>,
  ): Promise<void> {
    const now = this.clock.now();
    await this.unitOfWork.run(async (tx) => {
      await this.store.lockEmail(tx, email);
      const latest = await this.store.latest(tx, email);
      const sinceLast = latest ? now.getTime() - latest.createdAt.getTime() : Infinity;
      if (sinceLast < SIGN_IN_CODE.RESEND_INTERVAL_MS) {
        throw ServiceError.rateLimited(AUTH_MESSAGES.RESEND_TOO_SOON, (SIGN_IN_CODE.RESEND_INTERVAL_MS - sinceLast) / 1000);
      }
      await this.store.retireOpen(tx, email, now);
      const who = await recipient(tx);
      // A code is drawn and hashed for unknown emails too (never sent): same work, same row, nothing to time.
      const code = newSignInCode();
      const expiresAt = new Date(now.getTime() + SIGN_IN_CODE.TTL_MS);
      await this.store.insert(tx, {
        id: randomUUID(),
        email,
        subjectId: who?.subjectId ?? null,
        codeHash: hashSignInCode(code),
        createdAt: now,
        expiresAt,
      });
      if (who) await who.announce(tx, code, expiresAt);
      else if (announceUnknown) await announceUnknown(tx, expiresAt);
    });
  }

  /**
   * The subject the code signs in; `unauthorized` with the buyers' words for a wrong, expired, used or burned code.
   * `refused`, when given, runs in the transaction that counts the wrong try, before it commits (the developer
   * console's `console.sign_in_failed` audit row, ADR 0075): it commits although the answer is an error.
   */
  async verify(email: string, code: string, refused?: (tx: Transaction, message: string) => Promise<void>): Promise<string> {
    const now = this.clock.now();
    // The wrong-try count must commit even though the answer is an error, so the error is thrown after the commit.
    const outcome = await this.unitOfWork.run(async (tx): Promise<Outcome> => {
      const checked = await this.check(tx, email, code, now);
      if (!checked.ok && refused) await refused(tx, checked.message);
      return checked;
    });
    if (!outcome.ok) throw ServiceError.unauthorized(outcome.message);
    return outcome.subjectId;
  }

  private async check(tx: Transaction, email: string, code: string, now: Date): Promise<Outcome> {
    const row = await this.store.latest(tx, email);
    if (!row) return { ok: false, message: AUTH_MESSAGES.CODE_INVALID };
    if (row.burnedAt) return { ok: false, message: AUTH_MESSAGES.CODE_BURNED };
    if (row.consumedAt) return { ok: false, message: AUTH_MESSAGES.CODE_INVALID };
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, message: AUTH_MESSAGES.CODE_EXPIRED };
    // Rows of unknown emails never match, and count wrong tries exactly like real ones.
    if (row.subjectId === null || !signInCodeMatches(code, row.codeHash)) {
      const attempts = row.attempts + 1;
      const burned = attempts >= SIGN_IN_CODE.MAX_ATTEMPTS;
      await this.store.recordWrongTry(tx, row.id, attempts, burned ? now : null);
      return { ok: false, message: burned ? AUTH_MESSAGES.CODE_BURNED : AUTH_MESSAGES.CODE_INVALID };
    }
    await this.store.consume(tx, row.id, now);
    return { ok: true, subjectId: row.subjectId };
  }
}
