import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  RequestSignInCodeDto,
  RpcPatterns,
  VerifySignInCodeDto,
  type PayeeSessionResponse,
  type PayeeSessionState,
  type SignedInPayee,
  type SignInCodeRequested,
} from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { CurrentPayee, optionalPayee, PayeeSession } from './payee-session.guard.js';
import { withRetryAfter } from './retry-after.js';
import { clearSessionCookie, PAYEE_SESSION_COOKIE, readSessionCookie, setSessionCookie } from './session-cookies.js';

const P = RpcPatterns.payeeAuth;

/**
 * Sellers' and print providers' dashboard sign-in by emailed code (ADR 0047), with the buyers' bodies, limits and
 * words; the session lives in the httpOnly `pm_payee_session` cookie.
 */
@DocTag('Seller and provider sign-in')
@Controller('api/payee-auth')
export class PayeeAuthController {
  constructor(
    private readonly rpc: GatewayRpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Same 202 and words for every well-formed email, whether or not a profile uses it. */
  @Doc({
    summary: 'Email a dashboard sign-in code to a seller or print provider (same answer for any address)',
    status: 202,
    returns: 'SignInCodeRequested',
    errors: [400],
  })
  @Post('sign-in/code')
  @HttpCode(202)
  @RateLimit('sign-in-code')
  requestCode(@Body() body: RequestSignInCodeDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<SignInCodeRequested> {
    return withRetryAfter(reply, () => this.rpc.call(P.REQUEST_PAYEE_CODE, { email: body.email }));
  }

  @Doc({
    summary: 'Verify the code and start a dashboard session (sets pm_payee_session)',
    returns: 'PayeeSessionResponse',
    errors: [400, 401],
  })
  @Post('sign-in/verify')
  @HttpCode(200)
  @RateLimit('sign-in-verify')
  async verify(
    @Body() body: VerifySignInCodeDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PayeeSessionResponse> {
    const started = await this.rpc.call(P.VERIFY_PAYEE_CODE, {
      email: body.email,
      code: body.code,
      // Rotation: the payee session this browser had before (if any) ends as the new one starts.
      previousToken: readSessionCookie(request, PAYEE_SESSION_COOKIE),
    });
    setSessionCookie(reply, PAYEE_SESSION_COOKIE, started.token, started.expiresAt, this.config.production);
    return { payee: started.payee };
  }

  /** The dashboard's session check: a signed-out visitor is an answer (`{payee: null}`), not an error. */
  @Doc({ summary: 'The signed-in seller or print provider with its profiles, or null', returns: 'PayeeSessionState' })
  @Get('session')
  async session(@Req() request: FastifyRequest): Promise<PayeeSessionState> {
    return { payee: (await optionalPayee(this.rpc, request)) ?? null };
  }

  @Doc({ summary: 'The signed-in seller or print provider with the profiles its email owns', returns: 'PayeeSessionResponse' })
  @Get('me')
  @PayeeSession()
  me(@CurrentPayee() payee: SignedInPayee): PayeeSessionResponse {
    return { payee };
  }

  /** Ends the session server-side and clears the cookie; harmless without one. */
  @Doc({
    summary: 'End the dashboard session',
    schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
  })
  @Post('sign-out')
  @HttpCode(200)
  async signOut(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ message: string }> {
    const token = readSessionCookie(request, PAYEE_SESSION_COOKIE);
    if (token) await this.rpc.call(P.END_PAYEE_SESSION, { token });
    clearSessionCookie(reply, PAYEE_SESSION_COOKIE, this.config.production);
    return { message: AUTH_MESSAGES.SIGNED_OUT };
  }
}
