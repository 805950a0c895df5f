import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RpcPatterns, StatementQueryDto, validateDto, type SellerStatement } from '@paymarket/contracts';
import { SellerToken } from '../auth/seller-token.guard.js';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';
import { statementCsv } from './statement-csv.js';

/** A seller's statement (ADR 0045), signed in with the seller's edit token: a seller reads only its own. */
@DocTag('Statements')
@Controller('api/sellers')
export class StatementsController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({
    summary: "Your seller statement: paid orders with the split, refunds, disputes and monthly totals (the seller's edit token)",
    description:
      'Amounts are minor units as decimal strings. `format=csv` answers the lines as text/csv (amounts with two decimals) for a spreadsheet.',
    returns: 'SellerStatement',
    errors: [400, 401, 404],
    query: [
      { name: 'from', description: 'First month, YYYY-MM (UTC), inclusive.' },
      { name: 'to', description: 'Last month, YYYY-MM (UTC), inclusive.' },
      { name: 'format', description: '`json` (default) or `csv`.' },
    ],
  })
  @Get(':id/statement')
  @SellerToken('id')
  async statement(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SellerStatement | string> {
    const result = validateDto(StatementQueryDto, { ...query });
    if (!result.ok) throw ApiError.of(400, [...new Set(Object.values(result.errors).flat())].join('; '), result.errors);
    const { format, ...range } = result.value;
    const statement = await this.rpc.call(RpcPatterns.statements.SELLER_STATEMENT, { sellerId: id, query: range });
    if (format !== 'csv') return statement;
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="paymarket-statement-${id}.csv"`);
    return statementCsv(statement);
  }
}
