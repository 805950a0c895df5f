import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  RequestSignInCodeDto,
  RpcPatterns,
  VerifySignInCodeDto,
  type BuyerSessionResponse,
  type BuyerSessionState,
  type SignedInBuyer,
  type SignInCodeRequested,
} from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { BuyerSession, CurrentBuyer } from './buyer-session.guard.js';
import { optionalBuyer } from './resolve-session.js';
import { withRetryAfter } from './retry-after.js';
import { BUYER_SESSION_COOKIE, clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookies.js';
import { Doc, DocTag } from '../openapi/describe.js';

/** Buyer sign-in by emailed one-time code; the session lives in the httpOnly `pm_session` cookie. */
@DocTag('Buyer sign-in')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly rpc: GatewayRpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Same 202 and words for every well-formed email, registered or not. */
  @Doc({
    summary: 'Email a one-time sign-in code (same answer for any address)',
    status: 202,
    returns: 'SignInCodeRequested',
    errors: [400],
  })
  @Post('sign-in/code')
  @HttpCode(202)
  @RateLimit('sign-in-code')
  async requestCode(@Body() body: RequestSignInCodeDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<SignInCodeRequested> {
    return withRetryAfter(reply, () => this.rpc.call(RpcPatterns.onboarding.REQUEST_SIGN_IN_CODE, { email: body.email }));
  }

  @Doc({ summary: 'Verify the code and start a buyer session (sets pm_session)', returns: 'BuyerSessionResponse', errors: [400, 401] })
  @Post('sign-in/verify')
  @HttpCode(200)
  @RateLimit('sign-in-verify')
  async verify(
    @Body() body: VerifySignInCodeDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BuyerSessionResponse> {
    const started = await this.rpc.call(RpcPatterns.onboarding.VERIFY_SIGN_IN_CODE, {
      email: body.email,
      code: body.code,
      // Rotation: the session this browser had before (if any) ends as the new one starts.
      previousToken: readSessionCookie(request, BUYER_SESSION_COOKIE),
    });
    setSessionCookie(reply, BUYER_SESSION_COOKIE, started.token, started.expiresAt, this.config.production);
    return { buyer: started.buyer };
  }

  /** The web app's session check: a signed-out visitor is an answer (`{buyer: null}`), not an error. */
  @Doc({ summary: 'The signed-in buyer, or null', returns: 'BuyerSessionState' })
  @Get('session')
  async session(@Req() request: FastifyRequest): Promise<BuyerSessionState> {
    return { buyer: (await optionalBuyer(this.rpc, request)) ?? null };
  }

  @Doc({ summary: 'The signed-in buyer', returns: 'BuyerSessionResponse' })
  @Get('me')
  @BuyerSession()
  me(@CurrentBuyer() buyer: SignedInBuyer): BuyerSessionResponse {
    return { buyer };
  }

  /** Ends the session server-side and clears the cookie; harmless without one. */
  @Doc({ summary: 'End the buyer session', schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } })
  @Post('sign-out')
  @HttpCode(200)
  async signOut(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ message: string }> {
    const token = readSessionCookie(request, BUYER_SESSION_COOKIE);
    if (token) await this.rpc.call(RpcPatterns.onboarding.END_BUYER_SESSION, { token });
    clearSessionCookie(reply, BUYER_SESSION_COOKIE, this.config.production);
    return { message: AUTH_MESSAGES.SIGNED_OUT };
  }
}
