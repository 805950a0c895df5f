import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RpcPatterns, type MarketplaceStatement } from '@paymarket/contracts';
import { ApiKey, CurrentCompany, type ApiCompany } from '../auth/api-key.guard.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { asCsv, STATEMENT_QUERY, statementQuery } from './statements.controller.js';

/**
 * A white-label marketplace's statement (ADR 0051), for the company it belongs to (API key or console session): the
 * marketplace's share of each paid order placed through it, refunds, disputes and monthly totals, like a seller's.
 */
@DocTag('Statements')
@Controller('api/v1/marketplace')
@RateLimit('integrator-api')
@ApiKey()
export class MarketplaceStatementController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({
    summary: "Your marketplace's statement: its share of each paid order placed through it, refunds, disputes and monthly totals",
    description:
      "Orders made with your API key or through your widget while your marketplace had custom fees, with the marketplace's share " +
      '(`yourShareMinor`), its part of refunds (the reversals of its transfers) and its proportional part of disputes. Amounts are ' +
      'minor units as decimal strings; `payoutAccount.ready` says whether the payout account can receive transfers now. ' +
      "`format=csv` answers the lines as text/csv with the seller statement's columns. 404 when your company has no marketplace.",
    returns: 'MarketplaceStatement',
    errors: [400, 404],
    query: STATEMENT_QUERY,
  })
  @Get('statement')
  async statement(
    @Query() query: Record<string, unknown>,
    @CurrentCompany() company: ApiCompany,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MarketplaceStatement | string> {
    const { format, range } = statementQuery(query);
    const statement = await this.rpc.call(RpcPatterns.statements.MARKETPLACE_STATEMENT, { companyId: company.id, query: range });
    return format === 'csv' ? asCsv(reply, `paymarket-marketplace-statement-${statement.marketplaceId}.csv`, statement) : statement;
  }
}
