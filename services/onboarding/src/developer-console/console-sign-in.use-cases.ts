import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  CONSOLE_MESSAGES,
  OnboardingEvents,
  SIGN_IN_CODE,
  type ConsoleCompany,
  type ConsoleSignInCodeResponse,
  type StartedSession,
} from '@paymarket/contracts';
import { ServiceError, UnitOfWork, type Transaction } from '@paymarket/platform';
import { DataSource } from 'typeorm';
import { Clock } from '../auth/clock.js';
import { hashSignInCode, newSignInCode, signInCodeMatches } from '../auth/secrets.js';
import { SessionsService } from '../auth/sessions.service.js';

interface CodeRow {
  id: string;
  company_id: string | null;
  code_hash: string;
  attempts: number;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
  burned_at: Date | null;
}

interface CompanyRow {
  id: string;
  name: string;
  email: string;
  website: string;
  api_key: string | null;
}

const toConsoleCompany = (row: CompanyRow): ConsoleCompany => ({
  id: row.id,
  name: row.name,
  email: row.email,
  website: row.website,
  apiKey: row.api_key ?? '',
  livemode: row.api_key?.startsWith('pk_live_') ?? false,
});

/**
 * The developer console signs a company in the way PayMarket signs people in (ADR 0037): a 6-digit code emailed to
 * the contact email of a company with API access, single use, 10 minutes, 5 wrong tries burn it; the answer is the
 * same for any address. A successful code starts a `console` session whose subject is the company.
 */
@Injectable()
export class ConsoleSignIn {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionsService,
    private readonly clock: Clock,
  ) {}

  async requestCode(email: string): Promise<ConsoleSignInCodeResponse> {
    const now = this.clock.now();
    await this.unitOfWork.run(async (tx) => {
      await tx.manager.query(`SELECT pg_advisory_xact_lock(hashtext('console_sign_in:' || $1))`, [email]);
      const latest = await this.latest(tx, email);
      const sinceLast = latest ? now.getTime() - latest.created_at.getTime() : Infinity;
      if (sinceLast < SIGN_IN_CODE.RESEND_INTERVAL_MS) {
        throw ServiceError.rateLimited(AUTH_MESSAGES.RESEND_TOO_SOON, (SIGN_IN_CODE.RESEND_INTERVAL_MS - sinceLast) / 1000);
      }
      await tx.manager.query(
        `UPDATE console_sign_in_codes SET burned_at = $2 WHERE email = $1 AND consumed_at IS NULL AND burned_at IS NULL`,
        [email, now],
      );
      const company = await this.companyByContact(tx, email);
      // A code is drawn and hashed for unknown emails too (never sent): same work, same row, nothing to time.
      const code = newSignInCode();
      const expiresAt = new Date(now.getTime() + SIGN_IN_CODE.TTL_MS);
      await tx.manager.query(
        `INSERT INTO console_sign_in_codes (id, email, company_id, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [randomUUID(), email, company?.id ?? null, hashSignInCode(code), now, expiresAt],
      );
      if (company) {
        await tx.publish(OnboardingEvents.CONSOLE_CODE_REQUESTED, {
          email,
          companyName: company.name,
          code,
          expiresAt: expiresAt.toISOString(),
        });
      }
    });
    return { message: CONSOLE_MESSAGES.CODE_SENT };
  }

  async verify(input: { email: string; code: string; previousToken?: string }): Promise<StartedSession & { company: ConsoleCompany }> {
    const now = this.clock.now();
    // The wrong-try count must commit even though the answer is an error, so the error is thrown after the commit.
    const outcome = await this.unitOfWork.run(async (tx): Promise<{ ok: true; companyId: string } | { ok: false; message: string }> => {
      const row = await this.latest(tx, input.email, true);
      if (!row) return { ok: false, message: AUTH_MESSAGES.CODE_INVALID };
      if (row.burned_at) return { ok: false, message: AUTH_MESSAGES.CODE_BURNED };
      if (row.consumed_at) return { ok: false, message: AUTH_MESSAGES.CODE_INVALID };
      if (row.expires_at.getTime() <= now.getTime()) return { ok: false, message: AUTH_MESSAGES.CODE_EXPIRED };
      if (row.company_id === null || !signInCodeMatches(input.code, row.code_hash)) {
        const attempts = row.attempts + 1;
        const burned = attempts >= SIGN_IN_CODE.MAX_ATTEMPTS;
        await tx.manager.query(`UPDATE console_sign_in_codes SET attempts = $2, burned_at = $3 WHERE id = $1`, [
          row.id,
          attempts,
          burned ? now : null,
        ]);
        return { ok: false, message: burned ? AUTH_MESSAGES.CODE_BURNED : AUTH_MESSAGES.CODE_INVALID };
      }
      await tx.manager.query(`UPDATE console_sign_in_codes SET consumed_at = $2 WHERE id = $1`, [row.id, now]);
      return { ok: true, companyId: row.company_id };
    });
    if (!outcome.ok) throw ServiceError.unauthorized(outcome.message);
    const company = await this.companyWithAccess(outcome.companyId);
    if (!company) throw ServiceError.unauthorized(AUTH_MESSAGES.CODE_INVALID);
    const session = await this.sessions.start('console', company.id, input.previousToken);
    return { ...session, company };
  }

  /** The signed-in company; `unauthorized` when the session is over or the company lost API access. */
  async resolve(token: unknown): Promise<{ company: ConsoleCompany }> {
    const companyId = await this.sessions.resolve('console', token);
    const company = companyId ? await this.companyWithAccess(companyId) : null;
    if (!company) throw ServiceError.unauthorized(AUTH_MESSAGES.SIGN_IN_REQUIRED);
    return { company };
  }

  async end(token: unknown): Promise<{ ended: boolean }> {
    return { ended: await this.sessions.end('console', token) };
  }

  private async latest(tx: Transaction, email: string, lock = false): Promise<CodeRow | undefined> {
    const rows = (await tx.manager.query(
      `SELECT * FROM console_sign_in_codes WHERE email = $1 ORDER BY created_at DESC LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
      [email],
    )) as CodeRow[];
    return rows[0];
  }

  private async companyByContact(tx: Transaction, email: string): Promise<CompanyRow | undefined> {
    const rows = (await tx.manager.query(
      `SELECT id, name, email, website, api_key FROM companies
        WHERE email = $1 AND has_api_access AND verification_status = 'approved' ORDER BY created_at DESC LIMIT 1`,
      [email],
    )) as CompanyRow[];
    return rows[0];
  }

  private async companyWithAccess(id: string): Promise<ConsoleCompany | null> {
    const rows = (await this.dataSource.query(
      `SELECT id, name, email, website, api_key FROM companies WHERE id = $1 AND has_api_access AND verification_status = 'approved'`,
      [id],
    )) as CompanyRow[];
    return rows[0] ? toConsoleCompany(rows[0]) : null;
  }
}
