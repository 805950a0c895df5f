import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, type PendingSecondFactor, type StartedSession } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { SessionsService } from '../../auth/sessions.service.js';
import { AdminsRepository, type AdminRow } from '../admins.repository.js';
import { SecondFactorRepository } from './second-factor.repository.js';

export interface AdminInSession {
  admin: AdminRow;
  token: string;
  /** False while the session waits for its second factor. */
  factorVerified: boolean;
  /** The token's hash: the session kept when the others end (ADR 0074). */
  idHash: string;
}

/**
 * Which administrator a session token belongs to, and how far it is signed in (ADR 0072). Every second-factor step
 * starts here: a half-signed-in session may enrol its first factor or prove one, nothing else.
 */
@Injectable()
export class AdminSessionGate {
  constructor(
    private readonly sessions: SessionsService,
    private readonly admins: AdminsRepository,
    private readonly factors: SecondFactorRepository,
  ) {}

  /** A live admin session, half or fully signed in; `unauthorized` otherwise. */
  async any(token: unknown): Promise<AdminInSession> {
    const live = await this.sessions.inspect('admin', token);
    const admin = live ? await this.admins.byId(live.subjectId) : undefined;
    if (!live || !admin) throw ServiceError.unauthorized(AUTH_MESSAGES.ADMIN_REQUIRED);
    return { admin, token: token as string, factorVerified: live.factorVerifiedAt !== null, idHash: live.idHash };
  }

  /** A fully signed-in session: changing a second factor needs one. */
  async full(token: unknown): Promise<AdminInSession> {
    const session = await this.any(token);
    if (!session.factorVerified) throw ServiceError.unauthorized(AUTH_MESSAGES.FULL_SESSION_REQUIRED);
    return session;
  }

  /**
   * A session that may set up a factor: fully signed in, or half-signed-in with no factor yet (the first sign-in).
   * A half-signed-in session of an administrator who has a factor must prove it, not add another.
   */
  async mayEnrol(token: unknown): Promise<AdminInSession & { firstFactor: boolean }> {
    const session = await this.any(token);
    const hasFactor = await this.hasFactor(session.admin.id);
    if (!session.factorVerified && hasFactor) throw ServiceError.forbidden(AUTH_MESSAGES.SECOND_FACTOR_ALREADY_SET_UP);
    return { ...session, firstFactor: !hasFactor };
  }

  async hasFactor(adminId: string): Promise<boolean> {
    return (await this.pendingStep(adminId, '')).step === 'verify';
  }

  /** Where a half-signed-in administrator stands: which factors they can sign in with, or enrolment. */
  async pendingStep(adminId: string, email: string): Promise<PendingSecondFactor> {
    const totp = Boolean((await this.factors.totp(adminId))?.confirmedAt);
    const passkeys = (await this.factors.passkeys(adminId)).length > 0;
    return { email, step: totp || passkeys ? 'verify' : 'enrol', totp, passkeys };
  }

  /**
   * A second factor changed without a new sign-in (a passkey added or removed, recovery codes renewed): every other
   * session of the administrator ends, this one stays (ADR 0074), as a stolen session must not outlive the change.
   * Answers how many ended.
   */
  async endOthers(session: AdminInSession): Promise<number> {
    return this.sessions.endOthers('admin', session.admin.id, session);
  }

  /** Replaces the session with a fully signed-in one; `endOthers` ends every other session of the admin too. */
  async upgrade(session: AdminInSession, endOthers: boolean): Promise<StartedSession> {
    if (endOthers) await this.sessions.endAll('admin', session.admin.id);
    return this.sessions.start('admin', session.admin.id, session.token, 'verified');
  }
}
