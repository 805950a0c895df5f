import { Injectable } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  CONSOLE_MESSAGES,
  OnboardingEvents,
  type AuditOrigin,
  type ConsoleCompany,
  type ConsoleSignInCodeResponse,
  type StartedSession,
} from '@paymarket/contracts';
import { ServiceError, UnitOfWork, type Transaction } from '@paymarket/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditTrail } from '../auth/audit-trail.js';
import { Clock } from '../auth/clock.js';
import type { SessionClient } from '../auth/device-label.js';
import { OneTimeCodes, SqlOneTimeCodeStore } from '../auth/one-time-codes.js';
import { SessionsService } from '../auth/sessions.service.js';

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
 *
 * The audit trail (ADR 0075) records each sign-in (`console.signed_in`, in the transaction that starts the session)
 * and each refused code (`console.sign_in_failed`, in the transaction that counts the wrong try, which commits
 * although the sign-in fails): wrong, expired, used or burned (5 wrong tries: the lockout), or an email with no company.
 */
@Injectable()
export class ConsoleSignIn {
  private readonly codes: OneTimeCodes;

  constructor(
    private readonly dataSource: DataSource,
    unitOfWork: UnitOfWork,
    private readonly sessions: SessionsService,
    clock: Clock,
    private readonly trail: AuditTrail,
  ) {
    this.codes = new OneTimeCodes(new SqlOneTimeCodeStore('console_sign_in_codes', 'company_id', 'console_sign_in:'), unitOfWork, clock);
  }

  async requestCode(email: string): Promise<ConsoleSignInCodeResponse> {
    await this.codes.request(email, async (tx) => {
      const company = await this.companyByContact(tx, email);
      if (!company) return undefined;
      return {
        subjectId: company.id,
        announce: async (outbox, code, expiresAt) => {
          await outbox.publish(OnboardingEvents.CONSOLE_CODE_REQUESTED, {
            email,
            companyName: company.name,
            code,
            expiresAt: expiresAt.toISOString(),
          });
        },
      };
    });
    return { message: CONSOLE_MESSAGES.CODE_SENT };
  }

  async verify(input: {
    email: string;
    code: string;
    previousToken?: string;
    /** Where the sign-in comes from, shown in the list of sessions (ADR 0074) and kept in the audit trail (ADR 0075). */
    client?: SessionClient;
  }): Promise<StartedSession & { company: ConsoleCompany }> {
    const from: AuditOrigin = { ip: input.client?.ip ?? null, userAgent: input.client?.userAgent ?? null };
    const companyId = await this.codes.verify(input.email, input.code, (tx, reason) => this.refused(tx, input.email, from, reason));
    const signedIn = await this.trail.transaction(async (tx) => {
      const company = await this.companyWithAccess(companyId, tx.manager);
      if (!company) return undefined;
      // The session store writes through this transaction (AuditTrail): the session and its row commit together.
      const { id, ...session } = await this.sessions.open('console', company.id, input.previousToken, undefined, input.client);
      await this.trail.record(
        tx,
        { actor: { type: 'console', id: company.id, label: company.email }, ...from },
        {
          action: 'console.signed_in',
          // The new session by its public id (the one the console's Sessions tab shows), never its token.
          target: { type: 'console_session', id },
          companyId: company.id,
          after: { factor: 'email_code' },
        },
      );
      return { ...session, company };
    });
    if (!signedIn) {
      // The code was right but the company lost API access since it was sent: refused like a wrong code.
      await this.trail.transaction((tx) => this.refused(tx, input.email, from, AUTH_MESSAGES.CODE_INVALID));
      throw ServiceError.unauthorized(AUTH_MESSAGES.CODE_INVALID);
    }
    return signedIn;
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

  private async companyByContact(tx: Transaction, email: string): Promise<CompanyRow | undefined> {
    const rows = (await tx.manager.query(
      `SELECT id, name, email, website, api_key FROM companies
        WHERE email = $1 AND has_api_access AND verification_status = 'approved' ORDER BY created_at DESC LIMIT 1`,
      [email],
    )) as CompanyRow[];
    return rows[0];
  }

  /**
   * A `console.sign_in_failed` row in `tx`, the refusal's own transaction. Nobody is signed in: the actor is anonymous,
   * named by the email tried; the row is also the company's (its console shows attempts on its account) when the email
   * is the contact of a company with API access.
   */
  private async refused(tx: Transaction, email: string, from: AuditOrigin, reason: string): Promise<void> {
    const company = await this.companyByContact(tx, email);
    await this.trail.record(
      tx,
      { actor: { type: 'anonymous', id: null, label: email }, ...from },
      {
        action: 'console.sign_in_failed',
        outcome: 'failed',
        target: { type: 'email', id: email },
        companyId: company?.id ?? null,
        after: { factor: 'email_code', reason },
      },
    );
  }

  private async companyWithAccess(id: string, db: Pick<EntityManager, 'query'> = this.dataSource): Promise<ConsoleCompany | null> {
    const rows = (await db.query(
      `SELECT id, name, email, website, api_key FROM companies WHERE id = $1 AND has_api_access AND verification_status = 'approved'`,
      [id],
    )) as CompanyRow[];
    return rows[0] ? toConsoleCompany(rows[0]) : null;
  }
}
