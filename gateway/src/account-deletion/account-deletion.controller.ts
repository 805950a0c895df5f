import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ConfirmAccountDeletionDto,
  RequestAccountDeletionDto,
  RpcPatterns,
  type AccountDeletionConfirmed,
  type AccountDeletionRequested,
} from '@paymarket/contracts';
import { BUYER_SESSION_COOKIE, clearSessionCookie } from '../auth/session-cookies.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { auditOrigin } from '../http/audit-context.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { Doc, DocTag } from '../openapi/describe.js';

/** Account deletion requests (ADR 0029): anyone may ask, only the owner's emailed link carries it out. */
@DocTag('Account deletion')
@Controller('api/account-deletion-requests')
export class AccountDeletionController {
  constructor(
    private readonly rpc: GatewayRpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Same 202 and words for every well-formed email, with or without an account (no enumeration). */
  @Doc({
    summary: 'Ask for an account deletion (confirmed by an emailed link)',
    status: 202,
    returns: 'AccountDeletionRequested',
    errors: [400],
  })
  @Post()
  @HttpCode(202)
  @RateLimit('public-form')
  async request(@Body() body: RequestAccountDeletionDto): Promise<AccountDeletionRequested> {
    return this.rpc.call(RpcPatterns.onboarding.REQUEST_ACCOUNT_DELETION, body);
  }

  /** 400 for an unknown, used or expired token; on success every session is already revoked server-side. */
  @Doc({ summary: 'Confirm a deletion with the emailed token', returns: 'AccountDeletionConfirmed', errors: [400, 404, 410] })
  @Post('confirm')
  @HttpCode(200)
  @RateLimit('public-form')
  async confirm(
    @Body() body: ConfirmAccountDeletionDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccountDeletionConfirmed> {
    // The erasure is audited (ADR 0075): from where; onboarding names the account holder by account id.
    const confirmed = await this.rpc.call(RpcPatterns.onboarding.CONFIRM_ACCOUNT_DELETION, {
      token: body.token,
      audit: auditOrigin(request),
    });
    // This browser may hold one of the revoked sessions: drop the dead cookie too.
    clearSessionCookie(reply, BUYER_SESSION_COOKIE, this.config.production);
    return confirmed;
  }
}
