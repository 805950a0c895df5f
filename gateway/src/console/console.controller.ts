import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CONSOLE_MESSAGES,
  ConsoleSignInCodeDto,
  ConsoleSignInVerifyDto,
  RpcPatterns,
  type ConsoleMeResponse,
  type ConsoleSignInCodeResponse,
} from '@paymarket/contracts';
import { userAgentOf } from '../auth/account-sessions.js';
import { resolveSession } from '../auth/resolve-session.js';
import { withRetryAfter } from '../auth/retry-after.js';
import { clearSessionCookie, CONSOLE_SESSION_COOKIE, readSessionCookie, setSessionCookie } from '../auth/session-cookies.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';

const MESSAGE = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };

/**
 * The developer console's sign-in (ADR 0037): a code emailed to the contact email of a company with API access, then
 * the `pm_console` session cookie, which every /api/v1 route accepts in place of a secret key.
 */
@DocTag('Developer console')
@Controller('api/console')
export class ConsoleController {
  constructor(
    private readonly rpc: GatewayRpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Doc({
    summary: "Email a sign-in code to a company's contact email (same answer for any address)",
    status: 202,
    schema: MESSAGE,
    errors: [400],
  })
  @Post('sign-in/code')
  @HttpCode(202)
  @RateLimit('sign-in-code')
  requestCode(@Body() body: ConsoleSignInCodeDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<ConsoleSignInCodeResponse> {
    return withRetryAfter(reply, () => this.rpc.call(RpcPatterns.onboarding.REQUEST_CONSOLE_CODE, { email: body.email }));
  }

  @Doc({ summary: 'Verify the code and open the developer console (sets pm_console)', returns: 'ConsoleMeResponse', errors: [400, 401] })
  @Post('sign-in/verify')
  @HttpCode(200)
  @RateLimit('sign-in-verify')
  async verify(
    @Body() body: ConsoleSignInVerifyDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ConsoleMeResponse> {
    const started = await this.rpc.call(RpcPatterns.onboarding.VERIFY_CONSOLE_CODE, {
      email: body.email,
      code: body.code,
      previousToken: readSessionCookie(request, CONSOLE_SESSION_COOKIE),
      // Where the session starts, shown in the list of console sessions (ADR 0074).
      ip: request.ip,
      ...userAgentOf(request),
    });
    setSessionCookie(reply, CONSOLE_SESSION_COOKIE, started.token, started.expiresAt, this.config.production);
    return { company: started.company };
  }

  /** Never a 401: a signed-out visit of the console reads `{company: null}` (no error in the browser console). */
  @Doc({ summary: 'The company signed in to the developer console, or null', returns: 'ConsoleMeResponse' })
  @Get('me')
  async me(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<ConsoleMeResponse> {
    const token = readSessionCookie(request, CONSOLE_SESSION_COOKIE);
    const session = token ? await resolveSession(this.rpc, RpcPatterns.onboarding.RESOLVE_CONSOLE_SESSION, token) : undefined;
    if (token && !session) clearSessionCookie(reply, CONSOLE_SESSION_COOKIE, this.config.production);
    return { company: session?.company ?? null };
  }

  @Doc({ summary: 'Sign out of the developer console', schema: MESSAGE })
  @Post('sign-out')
  @HttpCode(200)
  async signOut(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ message: string }> {
    const token = readSessionCookie(request, CONSOLE_SESSION_COOKIE);
    if (token) await this.rpc.call(RpcPatterns.onboarding.END_CONSOLE_SESSION, { token });
    clearSessionCookie(reply, CONSOLE_SESSION_COOKIE, this.config.production);
    return { message: CONSOLE_MESSAGES.SIGNED_OUT };
  }
}
