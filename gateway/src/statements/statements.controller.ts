import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  PAYEE_AUTH_MESSAGES,
  RpcPatterns,
  StatementQueryDto,
  validateDto,
  type ProviderStatement,
  type SellerStatement,
  type SignedInPayee,
} from '@paymarket/contracts';
import { CurrentPayee, PayeeSession } from '../auth/payee-session.guard.js';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';
import { SellerStatementAccessGuard } from './seller-statement-access.guard.js';
import { statementCsv } from './statement-csv.js';

export const STATEMENT_QUERY = [
  { name: 'from', description: 'First month, YYYY-MM (UTC), inclusive.' },
  { name: 'to', description: 'Last month, YYYY-MM (UTC), inclusive.' },
  { name: 'format', description: '`json` (default) or `csv`.' },
];

/** The statement query (400 naming the field), split into the format and the months. */
export function statementQuery(query: Record<string, unknown>): {
  format: 'json' | 'csv' | undefined;
  range: { from?: string; to?: string };
} {
  const result = validateDto(StatementQueryDto, { ...query });
  if (!result.ok) throw ApiError.of(400, [...new Set(Object.values(result.errors).flat())].join('; '), result.errors);
  const { format, ...range } = result.value;
  return { format, range };
}

export function asCsv(reply: FastifyReply, filename: string, statement: { lines: SellerStatement['lines'] }): string {
  void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
  return statementCsv(statement);
}

/**
 * A seller's statement (ADR 0045): the seller's edit token, or a payee session whose email owns the seller (ADR 0047).
 * A seller reads only its own.
 */
@DocTag('Statements')
@Controller('api/sellers')
export class StatementsController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({
    summary:
      "Your seller statement: paid orders with the split, refunds, disputes and monthly totals (the seller's edit token or a dashboard session)",
    description:
      'Amounts are minor units as decimal strings. `format=csv` answers the lines as text/csv (amounts with two decimals) for a spreadsheet. ' +
      'Signed in either with the edit token (`Authorization: Bearer`) or with the `pm_payee_session` cookie of an email that owns the seller.',
    returns: 'SellerStatement',
    errors: [400, 401, 403, 404],
    query: STATEMENT_QUERY,
  })
  @Get(':id/statement')
  @UseGuards(SellerStatementAccessGuard)
  async statement(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SellerStatement | string> {
    const { format, range } = statementQuery(query);
    const statement = await this.rpc.call(RpcPatterns.statements.SELLER_STATEMENT, { sellerId: id, query: range });
    return format === 'csv' ? asCsv(reply, `paymarket-statement-${id}.csv`, statement) : statement;
  }
}

/**
 * A print provider's statement (ADR 0047), with a payee session only: the email must own the approved provider now
 * (catalog is asked at the call, which also gives the connected account payments reads the orders by).
 */
@DocTag('Statements')
@Controller('api/providers')
export class ProviderStatementsController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({
    summary: 'Your print provider statement: your share of each paid order, refunds, disputes, monthly totals and payout account',
    description:
      "Amounts are minor units as decimal strings; `payoutAccount.ready` says whether the provider's connected account can receive " +
      "transfers now. `format=csv` answers the lines as text/csv with the seller statement's columns.",
    returns: 'ProviderStatement',
    errors: [400],
    query: STATEMENT_QUERY,
  })
  @Get(':id/statement')
  @PayeeSession(403)
  async statement(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @CurrentPayee() payee: SignedInPayee,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProviderStatement | string> {
    if (!payee.providers.some((p) => p.id === id)) throw ApiError.of(403, PAYEE_AUTH_MESSAGES.NOT_YOURS);
    const { format, range } = statementQuery(query);
    const owned = await this.rpc.call(RpcPatterns.payeeDirectory.PAYEES_BY_EMAIL, { email: payee.email });
    const provider = owned.providers.find((p) => p.id === id);
    // The email lost the provider between the session check and now.
    if (!provider) throw ApiError.of(403, PAYEE_AUTH_MESSAGES.NOT_YOURS);
    const statement = await this.rpc.call(RpcPatterns.statements.PROVIDER_STATEMENT, {
      providerAccountId: provider.stripeAccountId,
      providerId: id,
      query: range,
    });
    return format === 'csv' ? asCsv(reply, `paymarket-provider-statement-${id}.csv`, statement) : statement;
  }
}
