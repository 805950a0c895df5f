import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, type AdminSecondFactorEnrolled, type StartedSession, type TotpEnrolment } from '@paymarket/contracts';
import QRCode from 'qrcode';
import { Clock } from '../../auth/clock.js';
import { AdminSessionGate, type AdminInSession } from './admin-session-gate.js';
import { FactorSecretBox } from './factor-secret-box.js';
import { FactorThrottle } from './factor-throttle.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { SecondFactorRepository } from './second-factor.repository.js';
import { matchingTotpStep, newTotpSecret, totpUri } from './totp.js';

/**
 * Setting up the authenticator app (ADR 0072): a secret made here, kept encrypted and pending until a code from it
 * is confirmed; then it is the admin's TOTP factor, 10 new recovery codes are shown once, and the session becomes a
 * fully signed-in one (every other session ends: the second factor changed).
 */
@Injectable()
export class TotpEnrolmentUseCase {
  constructor(
    private readonly gate: AdminSessionGate,
    private readonly factors: SecondFactorRepository,
    private readonly box: FactorSecretBox,
    private readonly throttle: FactorThrottle,
    private readonly clock: Clock,
  ) {}

  async begin(token: unknown): Promise<TotpEnrolment> {
    const { admin } = await this.gate.mayEnrol(token);
    const secret = newTotpSecret();
    await this.factors.savePendingTotp(admin.id, this.box.encrypt(secret, admin.id));
    const otpauthUri = totpUri(secret, admin.email);
    const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  async confirm(input: { token: unknown; code: string; ip: string }): Promise<StartedSession & AdminSecondFactorEnrolled> {
    const session = await this.gate.mayEnrol(input.token);
    const { admin } = session;
    await this.throttle.check(admin.id, input.ip);
    const pending = (await this.factors.totp(admin.id))?.pendingSecretEncrypted;
    if (!pending) throw await this.throttle.fail(admin.id, input.ip, 'code', AUTH_MESSAGES.TOTP_NOT_STARTED);
    const step = matchingTotpStep(this.box.decrypt(pending, admin.id), input.code, this.clock.now());
    if (step === undefined || !(await this.factors.confirmTotp(admin.id, step, this.clock.now()))) {
      throw await this.throttle.fail(admin.id, input.ip, 'code', AUTH_MESSAGES.TOTP_CODE_INVALID);
    }
    await this.throttle.succeeded(admin.id);
    return this.finish(session);
  }

  /** New recovery codes replace every old one (used or not); a fully signed-in session only; the others end. */
  async renewRecoveryCodes(token: unknown): Promise<{ recoveryCodes: string[] }> {
    const session = await this.gate.full(token);
    const recoveryCodes = await this.issueRecoveryCodes(session.admin.id);
    await this.gate.endOthers(session);
    return { recoveryCodes };
  }

  /** A factor was set up: new recovery codes, and a fully signed-in session in place of every other. */
  async finish(session: AdminInSession): Promise<StartedSession & AdminSecondFactorEnrolled> {
    const recoveryCodes = await this.issueRecoveryCodes(session.admin.id);
    const started = await this.gate.upgrade(session, true);
    return { ...started, admin: { id: session.admin.id, email: session.admin.email }, recoveryCodes };
  }

  private async issueRecoveryCodes(adminId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.factors.replaceRecoveryCodes(adminId, codes.map(hashRecoveryCode), this.clock.now());
    return codes;
  }
}
