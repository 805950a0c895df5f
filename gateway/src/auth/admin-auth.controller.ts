import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AdminLoginDto,
  AUTH_MESSAGES,
  RpcPatterns,
  type AdminLoginResponse,
  type AdminSessionResponse,
  type AdminSessionState,
  type SignedInAdmin,
} from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { auditOrigin } from '../http/audit-context.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { Admin, CurrentAdmin } from './admin.guard.js';
import { resolveSession } from './resolve-session.js';
import { withRetryAfter } from './retry-after.js';
import { userAgentOf } from './account-sessions.js';
import { ADMIN_SESSION_COOKIE, clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookies.js';
import { Doc, DocTag } from '../openapi/describe.js';

/**
 * Administrator login by password, then a second factor (ADR 0072, AdminSecondFactorController); the session lives in
 * the httpOnly `pm_admin` cookie, apart from buyers'.
 */
@DocTag('Administration')
@Controller('api/admin')
export class AdminAuthController {
  constructor(
    private readonly rpc: GatewayRpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Doc({
    summary: 'Administrator login, step 1: the password (sets a pm_admin cookie that waits for the second factor)',
    returns: 'AdminLoginResponse',
    errors: [400, 401],
  })
  @Post('login')
  @HttpCode(200)
  @RateLimit('admin-login')
  async login(
    @Body() body: AdminLoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminLoginResponse> {
    const started = await withRetryAfter(reply, () =>
      this.rpc.call(RpcPatterns.onboarding.ADMIN_LOGIN, {
        email: body.email,
        password: body.password,
        ip: request.ip,
        previousToken: readSessionCookie(request, ADMIN_SESSION_COOKIE),
        // Shown in the list of sessions (ADR 0074); onboarding caps it.
        ...userAgentOf(request),
        // A refused password is recorded (ADR 0075): from where; onboarding names the actor.
        audit: auditOrigin(request),
      }),
    );
    setSessionCookie(reply, ADMIN_SESSION_COOKIE, started.token, started.expiresAt, this.config.production);
    return { admin: null, secondFactor: started.secondFactor };
  }

  /**
   * The web app's check: nobody signed in is an answer (`{admin: null}`), not an error. Half-signed-in (password
   * right, second factor to come) is `admin: null` with `secondFactor` naming the step.
   */
  @Doc({ summary: 'The signed-in administrator, or null (with the pending second-factor step)', returns: 'AdminSessionState' })
  @Get('session')
  async session(@Req() request: FastifyRequest): Promise<AdminSessionState> {
    const token = readSessionCookie(request, ADMIN_SESSION_COOKIE);
    const session = token
      ? await resolveSession(this.rpc, RpcPatterns.onboarding.RESOLVE_ADMIN_SESSION, token, { allowPending: true })
      : undefined;
    if (!session) return { admin: null };
    return session.secondFactor === 'verified' ? { admin: session.admin } : { admin: null, secondFactor: session.secondFactor };
  }

  @Doc({ summary: 'The signed-in administrator', returns: 'AdminSessionResponse' })
  @Get('me')
  @Admin()
  me(@CurrentAdmin() admin: SignedInAdmin): AdminSessionResponse {
    return { admin };
  }

  @Doc({
    summary: 'End the administrator session',
    schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
  })
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ message: string }> {
    const token = readSessionCookie(request, ADMIN_SESSION_COOKIE);
    if (token) await this.rpc.call(RpcPatterns.onboarding.END_ADMIN_SESSION, { token });
    clearSessionCookie(reply, ADMIN_SESSION_COOKIE, this.config.production);
    return { message: AUTH_MESSAGES.SIGNED_OUT };
  }
}
