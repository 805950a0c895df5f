import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { Clock } from '../../auth/clock.js';
import { SecondFactorRepository } from './second-factor.repository.js';

/**
 * Wrong second-factor attempts (ADR 0072), counted like wrong passwords (ADR 0017) but apart from them, so a right
 * password does not clear them: 5 per administrator or 20 per IP in 15 minutes, then 429 until the oldest leaves the
 * window. With ±1 step of skew, 5 guesses at 3 live codes of 10^6 each give an attacker 1 chance in 66,000 per window.
 */
export const ADMIN_FACTOR_THROTTLE = { windowMs: 15 * 60_000, perAccount: 5, perIp: 20 } as const;

@Injectable()
export class FactorThrottle {
  constructor(
    private readonly factors: SecondFactorRepository,
    private readonly clock: Clock,
  ) {}

  /** Throws `rate_limited` (with the wait) when the account or the IP has used up its attempts. */
  async check(adminId: string, ip: string): Promise<void> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - ADMIN_FACTOR_THROTTLE.windowMs);
    for (const [by, value, limit] of [
      ['admin', adminId, ADMIN_FACTOR_THROTTLE.perAccount],
      ['ip', ip, ADMIN_FACTOR_THROTTLE.perIp],
    ] as const) {
      const failures = await this.factors.failuresSince(by, value, since);
      if (failures.count >= limit) {
        const oldest = failures.oldest?.getTime() ?? now.getTime();
        throw ServiceError.rateLimited(
          AUTH_MESSAGES.SECOND_FACTOR_THROTTLED,
          (oldest + ADMIN_FACTOR_THROTTLE.windowMs - now.getTime()) / 1000,
        );
      }
    }
  }

  /** Counts the failure and answers the error to throw, naming the field that was wrong. */
  async fail(adminId: string, ip: string, field: string, message: string): Promise<ServiceError> {
    await this.factors.recordFailure(adminId, ip, this.clock.now());
    return ServiceError.invalid(message, { [field]: [message] });
  }

  async succeeded(adminId: string): Promise<void> {
    await this.factors.clearFailures(adminId);
  }
}
