import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, type AuditOrigin, type RpcResponse } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { AuditTrail } from '../auth/audit-trail.js';
import { Clock } from '../auth/clock.js';
import type { SessionClient } from '../auth/device-label.js';
import { SessionsService } from '../auth/sessions.service.js';
import { AdminsRepository, type AdminRow } from './admins.repository.js';
import { decoyHash, verifyPassword } from './password-hasher.js';
import { AdminSessionGate } from './second-factor/admin-session-gate.js';

/** Brute-force throttle (ADR: admin passwords): failures per account and per IP in a sliding window. */
export const ADMIN_LOGIN_THROTTLE = { windowMs: 15 * 60_000, perAccount: 5, perIp: 20 } as const;

@Injectable()
export class AdminLoginUseCase {
  constructor(
    private readonly admins: AdminsRepository,
    private readonly sessions: SessionsService,
    private readonly clock: Clock,
    private readonly gate: AdminSessionGate,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: {
    email: string;
    password: string;
    ip: string;
    previousToken?: string;
    /** Where the sign-in comes from, shown in the list of sessions (ADR 0074). */
    client?: SessionClient;
    /** Where the request came from, as the gateway saw it: a refused password is an audit row (ADR 0075). */
    from: AuditOrigin;
  }): Promise<RpcResponse<'onboarding.admin_login'>> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - ADMIN_LOGIN_THROTTLE.windowMs);
    // Counted by the email typed, whether or not it is an admin's: the throttle must not reveal which emails exist.
    for (const [by, value, limit] of [
      ['email', input.email, ADMIN_LOGIN_THROTTLE.perAccount],
      ['ip', input.ip, ADMIN_LOGIN_THROTTLE.perIp],
    ] as const) {
      const failures = await this.admins.failuresSince(by, value, since);
      if (failures.count >= limit) {
        await this.refused(input, AUTH_MESSAGES.ADMIN_THROTTLED, await this.admins.byEmail(input.email), now, false);
        const oldest = failures.oldest?.getTime() ?? now.getTime();
        throw ServiceError.rateLimited(AUTH_MESSAGES.ADMIN_THROTTLED, (oldest + ADMIN_LOGIN_THROTTLE.windowMs - now.getTime()) / 1000);
      }
    }
    const admin = await this.admins.byEmail(input.email);
    const matches = await verifyPassword(input.password, admin?.passwordHash ?? (await decoyHash()));
    if (!admin || !matches) {
      await this.refused(input, AUTH_MESSAGES.ADMIN_LOGIN_FAILED, admin, now, true);
      throw ServiceError.unauthorized(AUTH_MESSAGES.ADMIN_LOGIN_FAILED);
    }
    await this.admins.clearFailures(input.email);
    // Half-signed-in until the second factor (ADR 0072): no admin route accepts this session yet.
    const session = await this.sessions.start('admin', admin.id, input.previousToken, 'pending', input.client);
    return { ...session, secondFactor: await this.gate.pendingStep(admin.id, admin.email) };
  }

  /**
   * An `admin.sign_in_failed` row, in a transaction of its own that commits although the login fails (with the counted
   * failure, when it counts). Nobody is signed in: the actor is anonymous, named by the email tried.
   */
  private async refused(
    input: { email: string; ip: string; from: AuditOrigin },
    reason: string,
    admin: AdminRow | undefined,
    at: Date,
    count: boolean,
  ): Promise<void> {
    await this.trail.transaction(async (tx) => {
      if (count) await this.admins.recordFailure(input.email, input.ip, at);
      await this.trail.record(
        tx,
        { actor: { type: 'anonymous', id: null, label: input.email }, ...input.from },
        {
          action: 'admin.sign_in_failed',
          outcome: 'failed',
          // The administrator the email belongs to, if any; else the email itself (no account to name).
          target: admin ? { type: 'admin', id: admin.id } : { type: 'email', id: input.email },
          companyId: null,
          after: { factor: 'password', reason },
        },
      );
    });
  }
}
