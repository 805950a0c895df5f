import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, type AuditOrigin } from '@paymarket/contracts';
import { ServiceError, type Transaction } from '@paymarket/platform';
import { AuditTrail, adminContext } from '../../auth/audit-trail.js';
import { Clock } from '../../auth/clock.js';
import type { AdminRow } from '../admins.repository.js';
import { SecondFactorRepository } from './second-factor.repository.js';

/**
 * Wrong second-factor attempts (ADR 0072), counted like wrong passwords (ADR 0017) but apart from them, so a right
 * password does not clear them: 5 per administrator or 20 per IP in 15 minutes, then 429 until the oldest leaves the
 * window. With ±1 step of skew, 5 guesses at 3 live codes of 10^6 each give an attacker 1 chance in 66,000 per window.
 */
export const ADMIN_FACTOR_THROTTLE = { windowMs: 15 * 60_000, perAccount: 5, perIp: 20 } as const;

/**
 * The second step of a sign-in (ADR 0072): each refusal of it is an `admin.sign_in_failed` row of the audit trail
 * (ADR 0075). A factor set up from a fully signed-in session is no sign-in: its wrong codes are counted, not recorded.
 */
export interface SignInAttempt {
  factor: 'totp' | 'recovery_code' | 'passkey';
  /** Where the attempt came from, as the gateway saw it. */
  from: AuditOrigin;
}

type Admin = Pick<AdminRow, 'id' | 'email'>;

@Injectable()
export class FactorThrottle {
  constructor(
    private readonly factors: SecondFactorRepository,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  /** Throws `rate_limited` (with the wait) when the account or the IP has used up its attempts. */
  async check(admin: Admin, ip: string, attempt: SignInAttempt | undefined): Promise<void> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - ADMIN_FACTOR_THROTTLE.windowMs);
    for (const [by, value, limit] of [
      ['admin', admin.id, ADMIN_FACTOR_THROTTLE.perAccount],
      ['ip', ip, ADMIN_FACTOR_THROTTLE.perIp],
    ] as const) {
      const failures = await this.factors.failuresSince(by, value, since);
      if (failures.count >= limit) {
        if (attempt) await this.trail.transaction((tx) => this.recordRefusal(tx, admin, attempt, AUTH_MESSAGES.SECOND_FACTOR_THROTTLED));
        const oldest = failures.oldest?.getTime() ?? now.getTime();
        throw ServiceError.rateLimited(
          AUTH_MESSAGES.SECOND_FACTOR_THROTTLED,
          (oldest + ADMIN_FACTOR_THROTTLE.windowMs - now.getTime()) / 1000,
        );
      }
    }
  }

  /**
   * Counts the failure (and records the refused sign-in) in a transaction of its own, committed although the command
   * fails, and answers the error to throw, naming the field that was wrong.
   */
  async fail(admin: Admin, ip: string, field: string, message: string, attempt: SignInAttempt | undefined): Promise<ServiceError> {
    await this.trail.transaction(async (tx) => {
      await this.factors.recordFailure(admin.id, ip, this.clock.now());
      if (attempt) await this.recordRefusal(tx, admin, attempt, message);
    });
    return ServiceError.invalid(message, { [field]: [message] });
  }

  async succeeded(adminId: string): Promise<void> {
    await this.factors.clearFailures(adminId);
  }

  private recordRefusal(tx: Transaction, admin: Admin, attempt: SignInAttempt, reason: string): Promise<void> {
    return this.trail.record(tx, adminContext(admin, attempt.from), {
      action: 'admin.sign_in_failed',
      outcome: 'failed',
      target: { type: 'admin', id: admin.id },
      companyId: null,
      after: { factor: attempt.factor, reason },
    });
  }
}
