import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, type AdminSessionResponse, type StartedSession } from '@paymarket/contracts';
import { Clock } from '../../auth/clock.js';
import { AdminSessionGate, type AdminInSession } from './admin-session-gate.js';
import { FactorSecretBox } from './factor-secret-box.js';
import { FactorThrottle } from './factor-throttle.js';
import { hashRecoveryCode } from './recovery-codes.js';
import { SecondFactorRepository } from './second-factor.repository.js';
import { matchingTotpStep } from './totp.js';

type SignedIn = StartedSession & AdminSessionResponse;

/**
 * The second step of an administrator's sign-in (ADR 0072): a TOTP code (accepted once: its step must be later than
 * the last accepted one) or a single-use recovery code turns the half-signed-in session into a full one.
 */
@Injectable()
export class SecondFactorSignInUseCase {
  constructor(
    private readonly gate: AdminSessionGate,
    private readonly factors: SecondFactorRepository,
    private readonly box: FactorSecretBox,
    private readonly throttle: FactorThrottle,
    private readonly clock: Clock,
  ) {}

  async withTotp(input: { token: unknown; code: string; ip: string }): Promise<SignedIn> {
    const session = await this.gate.any(input.token);
    const { admin } = session;
    await this.throttle.check(admin.id, input.ip);
    const totp = await this.factors.totp(admin.id);
    const step = totp?.confirmedAt
      ? matchingTotpStep(this.box.decrypt(totp.secretEncrypted, admin.id), input.code, this.clock.now())
      : undefined;
    if (step === undefined) throw await this.throttle.fail(admin.id, input.ip, 'code', AUTH_MESSAGES.TOTP_CODE_INVALID);
    // Atomic: of two requests with one code, one records the step and the other finds it used.
    if (!(await this.factors.useTotpStep(admin.id, step))) {
      throw await this.throttle.fail(admin.id, input.ip, 'code', AUTH_MESSAGES.TOTP_CODE_REUSED);
    }
    return this.signedIn(session);
  }

  async withRecoveryCode(input: { token: unknown; recoveryCode: string; ip: string }): Promise<SignedIn & { recoveryCodesLeft: number }> {
    const session = await this.gate.any(input.token);
    const { admin } = session;
    await this.throttle.check(admin.id, input.ip);
    if (!(await this.factors.useRecoveryCode(admin.id, hashRecoveryCode(input.recoveryCode), this.clock.now()))) {
      throw await this.throttle.fail(admin.id, input.ip, 'recoveryCode', AUTH_MESSAGES.RECOVERY_CODE_INVALID);
    }
    return { ...(await this.signedIn(session)), recoveryCodesLeft: await this.factors.recoveryCodesLeft(admin.id) };
  }

  /** Also used by the passkey step. The half-signed-in session is revoked and a full one started (ids rotate). */
  async signedIn(session: AdminInSession): Promise<SignedIn> {
    await this.throttle.succeeded(session.admin.id);
    const started = await this.gate.upgrade(session, false);
    return { ...started, admin: { id: session.admin.id, email: session.admin.email } };
  }
}
