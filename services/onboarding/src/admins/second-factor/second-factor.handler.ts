import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AdminPasskeyResponseDto,
  AdminRecoveryCodeDto,
  AdminTotpCodeDto,
  AUTH_MESSAGES,
  RpcPatterns,
  summariseFieldErrors,
  validateDto,
  type RpcEnvelope,
  type RpcRequest,
  type RpcResponse,
} from '@paymarket/contracts';
import { requireAuditContext, ServiceError } from '@paymarket/platform';
import { auditOriginOf } from '../../auth/audit-trail.js';
import { PasskeysUseCase, type RelyingParty } from './passkeys.use-case.js';
import { SecondFactorSignInUseCase } from './second-factor-sign-in.use-case.js';
import { TotpEnrolmentUseCase } from './totp-enrolment.use-case.js';

/** The body's fields through their DTO (the gateway validated them too; a direct caller gets the same answer). */
function valid<T extends object>(dto: new () => T, body: unknown): T {
  const input = validateDto(dto, body);
  if (!input.ok) throw ServiceError.invalid(summariseFieldErrors(input.errors), input.errors);
  return input.value;
}

const ipOf = (data: Record<string, unknown>) => (typeof data.ip === 'string' && data.ip.length > 0 ? data.ip.slice(0, 100) : 'unknown');

function relyingPartyOf(data: Record<string, unknown>): RelyingParty {
  if (typeof data.rpId !== 'string' || typeof data.origin !== 'string') throw ServiceError.invalid('rpId and origin are required');
  return { rpId: data.rpId, origin: data.origin };
}

function rpIdOf(data: Record<string, unknown>): string {
  if (typeof data.rpId !== 'string' || data.rpId === '') throw ServiceError.invalid('rpId is required');
  return data.rpId;
}

const dataOf = (message: RpcEnvelope<unknown>): Record<string, unknown> =>
  typeof message.data === 'object' && message.data !== null ? (message.data as Record<string, unknown>) : {};

/** The administrator's second factor (ADR 0072): enrolment, sign-in steps and changes, each behind AdminSessionGate. */
@Controller()
export class SecondFactorHandler {
  constructor(
    private readonly totp: TotpEnrolmentUseCase,
    private readonly signIn: SecondFactorSignInUseCase,
    private readonly passkeys: PasskeysUseCase,
  ) {}

  @MessagePattern<string>(RpcPatterns.onboarding.ADMIN_FACTOR_STATUS)
  status(
    @Payload() message: RpcEnvelope<RpcRequest<'onboarding.admin_factor_status'>>,
  ): Promise<RpcResponse<'onboarding.admin_factor_status'>> {
    return this.passkeys.status(dataOf(message).token);
  }

  @MessagePattern<string>(RpcPatterns.onboarding.ADMIN_TOTP_BEGIN)
  beginTotp(
    @Payload() message: RpcEnvelope<RpcRequest<'onboarding.admin_totp_begin'>>,
  ): Promise<RpcResponse<'onboarding.admin_totp_begin'>> {
    return this.totp.begin(dataOf(message).token);
  }

  @MessagePattern<string>(RpcPatterns.onboarding.ADMIN_TOTP_CONFIRM)
  confirmTotp(
    @Payload() message: RpcEnvelope<RpcRequest<'onboarding.admin_totp_confirm'>>,
  ): Promise<RpcResponse<'onboarding.admin_totp_confirm'>> {
    const data = dataOf(message);
    const { code } = valid(AdminTotpCodeDto, { code: data.code });
    return this.totp.confirm({ token: data.token, code, ip: ipOf(data), from: auditOriginOf(data.audit) });
  }

  @MessagePattern<string>(RpcPatterns.onboarding.ADMIN_VERIFY_TOTP)
  verifyTotp(
    @Payload() message: RpcEnvelope<RpcRequest<'onboarding.admin_verify_totp'>>,
  ): Promise<RpcResponse<'onboarding.admin_verify_totp'>> {
    const data = dataOf(message);
    const { code } = valid(AdminTotpCodeDto, { code: data.code });
    return this.signIn.withTotp({ token: data.token, code, ip: ipOf(data), from: auditOriginOf(data.audit) });
  }

  @MessagePattern<string>(RpcPatterns.onboarding.ADMIN_VERIFY_RECOVERY_CODE)
  verifyRecoveryCode(
    @Payload() message: RpcEnvelope<RpcRequest<'onboarding.admin_verify_recovery_code'>>,
  ): Promise<RpcResponse<'onboarding.admin_verify_recovery_code'>> {
    const data = dataOf(message);
    const { recoveryCode } = valid(AdminRecoveryCodeDto, { recoveryCode: data.recoveryCode });
    return this.signIn.withRecoveryCode({ token: data.token, recoveryCode, ip: ipOf(data), from: auditOriginOf(data.audit) });
  }

  @MessagePattern<string>(RpcPatterns.onboarding.ADMIN_RENEW_RECOVERY_CODES)
  renewRecoveryCodes(
    @Payload() message: RpcEnvelope<RpcRequest<'onboarding.admin_renew_recovery_codes'>>,
  ): Promise<RpcResponse<'onboarding.admin_renew_recovery_codes'>> {
    const data = dataOf(message);
    return this.totp.renewRecoveryCodes(data.token, requireAuditContext(data.audit));
  }

  @MessagePattern<string>(RpcPatterns.onboarding.ADMIN_PASSKEY_REGISTRATION_OPTIONS)
  registrationOptions(
    @Payload() message: RpcEnvelope<RpcRequest<'onboarding.admin_passkey_registration_options'>>,
  ): Promise<RpcResponse<'onboarding.admin_passkey_registration_options'>> {
    const data = dataOf(message);
    return this.passkeys.registrationOptions({ token: data.token, rpId: rpIdOf(data) });
  }

  @MessagePattern<string>(RpcPatterns.onboarding.ADMIN_PASSKEY_REGISTER)
  register(
    @Payload() message: RpcEnvelope<RpcRequest<'onboarding.admin_passkey_register'>>,
  ): Promise<RpcResponse<'onboarding.admin_passkey_register'>> {
    const data = dataOf(message);
    const { response } = valid(AdminPasskeyResponseDto, { response: data.response });
    return this.passkeys.register({ token: data.token, response, from: auditOriginOf(data.audit), ...relyingPartyOf(data) });
  }

  @MessagePattern<string>(RpcPatterns.onboarding.ADMIN_PASSKEY_AUTHENTICATION_OPTIONS)
  authenticationOptions(
    @Payload() message: RpcEnvelope<RpcRequest<'onboarding.admin_passkey_authentication_options'>>,
  ): Promise<RpcResponse<'onboarding.admin_passkey_authentication_options'>> {
    const data = dataOf(message);
    return this.passkeys.authenticationOptions({ token: data.token, rpId: rpIdOf(data) });
  }

  @MessagePattern<string>(RpcPatterns.onboarding.ADMIN_VERIFY_PASSKEY)
  verifyPasskey(
    @Payload() message: RpcEnvelope<RpcRequest<'onboarding.admin_verify_passkey'>>,
  ): Promise<RpcResponse<'onboarding.admin_verify_passkey'>> {
    const data = dataOf(message);
    const { response } = valid(AdminPasskeyResponseDto, { response: data.response });
    return this.passkeys.verify({ token: data.token, response, ip: ipOf(data), from: auditOriginOf(data.audit), ...relyingPartyOf(data) });
  }

  @MessagePattern<string>(RpcPatterns.onboarding.ADMIN_PASSKEY_REMOVE)
  removePasskey(
    @Payload() message: RpcEnvelope<RpcRequest<'onboarding.admin_passkey_remove'>>,
  ): Promise<RpcResponse<'onboarding.admin_passkey_remove'>> {
    const data = dataOf(message);
    if (typeof data.id !== 'string' || data.id === '' || data.id.length > 1024)
      throw ServiceError.notFound(AUTH_MESSAGES.PASSKEY_NOT_FOUND);
    return this.passkeys.remove({ token: data.token, id: data.id, audit: requireAuditContext(data.audit) });
  }
}
