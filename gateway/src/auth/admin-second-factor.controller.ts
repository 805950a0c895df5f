import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AdminPasskeyResponseDto,
  AdminRecoveryCodeDto,
  AdminTotpCodeDto,
  AUTH_MESSAGES,
  RpcPatterns,
  type AdminPasskeyView,
  type AdminSecondFactorEnrolled,
  type AdminSecondFactorStatus,
  type AdminSessionResponse,
  type SignedInAdmin,
  type StartedSession,
  type TotpEnrolment,
} from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';
import { adminActor, auditContext, auditOrigin } from '../http/audit-context.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { Admin, CurrentAdmin } from './admin.guard.js';
import { relyingPartyOf } from './relying-party.js';
import { withRetryAfter } from './retry-after.js';
import { ADMIN_SESSION_COOKIE, readSessionCookie, setSessionCookie } from './session-cookies.js';

const OPTIONS_SCHEMA = { type: 'object', required: ['options'], properties: { options: { type: 'object' } } };

/**
 * The administrator's second factor (ADR 0072). Enrolment and the sign-in's second step take the half-signed-in
 * `pm_admin` session (onboarding decides what it may do); a step that completes the sign-in replaces the cookie with a
 * fully signed-in session. Changing a factor needs a fully signed-in session (@Admin()). Every change and sign-in step
 * carries `audit` (ADR 0075): who (behind @Admin()) or only from where (onboarding knows the administrator by session).
 */
@DocTag('Administration')
@Controller('api/admin/second-factor')
export class AdminSecondFactorController {
  constructor(
    private readonly rpc: GatewayRpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Doc({ summary: "The signed-in administrator's second factors", returns: 'AdminSecondFactorStatus' })
  @Get()
  @Admin()
  status(@Req() request: FastifyRequest): Promise<AdminSecondFactorStatus> {
    return this.rpc.call(RpcPatterns.onboarding.ADMIN_FACTOR_STATUS, { token: this.token(request) });
  }

  @Doc({
    summary: 'Start setting up the authenticator app: a new secret, as a QR code and as text',
    returns: 'TotpEnrolment',
    errors: [401, 403],
  })
  @Post('totp/enrol')
  @HttpCode(200)
  beginTotp(@Req() request: FastifyRequest): Promise<TotpEnrolment> {
    return this.rpc.call(RpcPatterns.onboarding.ADMIN_TOTP_BEGIN, { token: this.token(request) });
  }

  @Doc({
    summary: 'Confirm the authenticator app with its current code: the factor is on, recovery codes are shown once',
    returns: 'AdminSecondFactorEnrolled',
    errors: [400, 401, 403],
  })
  @Post('totp/confirm')
  @HttpCode(200)
  @RateLimit('admin-login')
  async confirmTotp(
    @Body() body: AdminTotpCodeDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminSecondFactorEnrolled> {
    const enrolled = await withRetryAfter(reply, () =>
      this.rpc.call(RpcPatterns.onboarding.ADMIN_TOTP_CONFIRM, {
        token: this.token(request),
        code: body.code,
        ip: request.ip,
        audit: auditOrigin(request),
      }),
    );
    this.replaceSession(reply, enrolled);
    return { admin: enrolled.admin, recoveryCodes: enrolled.recoveryCodes };
  }

  @Doc({ summary: 'Administrator login, step 2: the authenticator code', returns: 'AdminSessionResponse', errors: [400, 401] })
  @Post('verify/totp')
  @HttpCode(200)
  @RateLimit('admin-login')
  async verifyTotp(
    @Body() body: AdminTotpCodeDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminSessionResponse> {
    const signedIn = await withRetryAfter(reply, () =>
      this.rpc.call(RpcPatterns.onboarding.ADMIN_VERIFY_TOTP, {
        token: this.token(request),
        code: body.code,
        ip: request.ip,
        audit: auditOrigin(request),
      }),
    );
    this.replaceSession(reply, signedIn);
    return { admin: signedIn.admin };
  }

  @Doc({
    summary: 'Administrator login, step 2: a single-use recovery code',
    schema: {
      type: 'object',
      required: ['admin', 'recoveryCodesLeft'],
      properties: { admin: { $ref: '#/components/schemas/SignedInAdmin' }, recoveryCodesLeft: { type: 'integer' } },
    },
    errors: [400, 401],
  })
  @Post('verify/recovery')
  @HttpCode(200)
  @RateLimit('admin-login')
  async verifyRecoveryCode(
    @Body() body: AdminRecoveryCodeDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminSessionResponse & { recoveryCodesLeft: number }> {
    const signedIn = await withRetryAfter(reply, () =>
      this.rpc.call(RpcPatterns.onboarding.ADMIN_VERIFY_RECOVERY_CODE, {
        token: this.token(request),
        recoveryCode: body.recoveryCode,
        ip: request.ip,
        audit: auditOrigin(request),
      }),
    );
    this.replaceSession(reply, signedIn);
    return { admin: signedIn.admin, recoveryCodesLeft: signedIn.recoveryCodesLeft };
  }

  @Doc({
    summary: 'New recovery codes (every old one stops working); shown once',
    schema: { type: 'object', required: ['recoveryCodes'], properties: { recoveryCodes: { type: 'array', items: { type: 'string' } } } },
  })
  @Post('recovery-codes')
  @HttpCode(200)
  @Admin()
  renewRecoveryCodes(@Req() request: FastifyRequest, @CurrentAdmin() admin: SignedInAdmin): Promise<{ recoveryCodes: string[] }> {
    return this.rpc.call(RpcPatterns.onboarding.ADMIN_RENEW_RECOVERY_CODES, {
      token: this.token(request),
      audit: auditContext(request, adminActor(admin)),
    });
  }

  @Doc({ summary: 'Options for registering a passkey (navigator.credentials.create)', schema: OPTIONS_SCHEMA, errors: [400, 401, 403] })
  @Post('passkeys/registration-options')
  @HttpCode(200)
  registrationOptions(@Req() request: FastifyRequest): Promise<{ options: Record<string, unknown> }> {
    return this.rpc.call(RpcPatterns.onboarding.ADMIN_PASSKEY_REGISTRATION_OPTIONS, {
      token: this.token(request),
      rpId: relyingPartyOf(this.config, request).rpId,
    });
  }

  @Doc({
    summary: 'Register a passkey; as the first factor it completes the sign-in and answers recovery codes',
    schema: {
      type: 'object',
      required: ['passkey'],
      properties: {
        passkey: { $ref: '#/components/schemas/AdminPasskeyView' },
        recoveryCodes: { type: 'array', items: { type: 'string' } },
      },
    },
    errors: [400, 401, 403],
  })
  @Post('passkeys')
  @HttpCode(201)
  async registerPasskey(
    @Body() body: AdminPasskeyResponseDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ passkey: AdminPasskeyView; recoveryCodes?: string[] }> {
    const registered = await this.rpc.call(RpcPatterns.onboarding.ADMIN_PASSKEY_REGISTER, {
      token: this.token(request),
      response: body.response,
      ...relyingPartyOf(this.config, request),
      audit: auditOrigin(request),
    });
    if (!registered.enrolled) return { passkey: registered.passkey };
    this.replaceSession(reply, registered.enrolled);
    return { passkey: registered.passkey, recoveryCodes: registered.enrolled.recoveryCodes };
  }

  @Doc({ summary: 'Options for signing in with a passkey (navigator.credentials.get)', schema: OPTIONS_SCHEMA, errors: [400, 401] })
  @Post('passkeys/authentication-options')
  @HttpCode(200)
  authenticationOptions(@Req() request: FastifyRequest): Promise<{ options: Record<string, unknown> }> {
    return this.rpc.call(RpcPatterns.onboarding.ADMIN_PASSKEY_AUTHENTICATION_OPTIONS, {
      token: this.token(request),
      rpId: relyingPartyOf(this.config, request).rpId,
    });
  }

  @Doc({ summary: 'Administrator login, step 2: a passkey', returns: 'AdminSessionResponse', errors: [400, 401] })
  @Post('verify/passkey')
  @HttpCode(200)
  @RateLimit('admin-login')
  async verifyPasskey(
    @Body() body: AdminPasskeyResponseDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminSessionResponse> {
    const signedIn = await withRetryAfter(reply, () =>
      this.rpc.call(RpcPatterns.onboarding.ADMIN_VERIFY_PASSKEY, {
        token: this.token(request),
        response: body.response,
        ip: request.ip,
        ...relyingPartyOf(this.config, request),
        audit: auditOrigin(request),
      }),
    );
    this.replaceSession(reply, signedIn);
    return { admin: signedIn.admin };
  }

  @Doc({ summary: 'Remove a passkey (not the last second factor)', returns: 'AdminSecondFactorStatus', errors: [401, 404, 409] })
  @Delete('passkeys/:id')
  @Admin()
  removePasskey(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @CurrentAdmin() admin: SignedInAdmin,
  ): Promise<AdminSecondFactorStatus> {
    return this.rpc.call(RpcPatterns.onboarding.ADMIN_PASSKEY_REMOVE, {
      token: this.token(request),
      id,
      audit: auditContext(request, adminActor(admin)),
    });
  }

  /** The pm_admin session, half or fully signed in: without one there is nothing to continue. */
  private token(request: FastifyRequest): string {
    const token = readSessionCookie(request, ADMIN_SESSION_COOKIE);
    if (!token) throw ApiError.of(401, AUTH_MESSAGES.ADMIN_REQUIRED);
    return token;
  }

  private replaceSession(reply: FastifyReply, started: StartedSession): void {
    setSessionCookie(reply, ADMIN_SESSION_COOKIE, started.token, started.expiresAt, this.config.production);
  }
}
