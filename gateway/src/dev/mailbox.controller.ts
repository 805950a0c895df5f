import { Controller, Get, Inject, Query } from '@nestjs/common';
import { RpcPatterns, type MailboxMessage } from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';

/** The development mailbox: every email the product "sent", for people running it without SMTP. */
@DocTag('Development')
@Controller('api/dev')
export class MailboxController {
  constructor(
    private readonly rpc: GatewayRpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Doc({
    summary: 'The development mailbox: emails the app wrote (development mode only)',
    returns: 'MailboxMessage',
    isArray: true,
    errors: [400, 404],
  })
  @Get('mailbox')
  async list(@Query('limit') limit?: string): Promise<MailboxMessage[]> {
    if (this.config.production) throw ApiError.of(404, 'The development mailbox is off in production.');
    const parsed = limit === undefined ? undefined : Number(limit);
    if (parsed !== undefined && (!Number.isInteger(parsed) || parsed < 1 || parsed > 200)) {
      throw ApiError.of(400, 'limit must be a whole number from 1 to 200', { limit: ['limit must be a whole number from 1 to 200'] });
    }
    return this.rpc.call(RpcPatterns.notifications.LIST_MAILBOX, { limit: parsed });
  }
}
