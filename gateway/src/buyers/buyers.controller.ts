import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RegisterBuyerDto, RpcPatterns, type RegisterBuyerResponse } from '@paymarket/contracts';
import { BUYER_SESSION_COOKIE, readSessionCookie, setSessionCookie } from '../auth/session-cookies.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { Doc, DocTag } from '../openapi/describe.js';

@DocTag('Buyers')
@Controller('api')
export class BuyersController {
  constructor(
    private readonly rpc: GatewayRpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Registration signs the new buyer in (sets pm_session), so they can post and pay at once. */
  @Doc({
    summary: 'Register a buyer and sign them in (sets pm_session)',
    status: 201,
    returns: 'RegisterBuyerResponse',
    errors: [400, 409],
  })
  @Post('register-buyer')
  @HttpCode(201)
  @RateLimit('register-buyer')
  async register(
    @Body() body: RegisterBuyerDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RegisterBuyerResponse> {
    const { session, ...registered } = await this.rpc.call(RpcPatterns.onboarding.REGISTER_BUYER, body);
    // Rotation, as at sign-in: a session this browser had before (another buyer's) ends as the new one starts.
    const previous = readSessionCookie(request, BUYER_SESSION_COOKIE);
    if (previous) await this.rpc.call(RpcPatterns.onboarding.END_BUYER_SESSION, { token: previous });
    setSessionCookie(reply, BUYER_SESSION_COOKIE, session.token, session.expiresAt, this.config.production);
    return registered;
  }
}
