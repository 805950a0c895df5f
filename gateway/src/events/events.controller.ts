import { Controller, Get, Param, Query } from '@nestjs/common';
import { RpcPatterns, type EventList, type EventView } from '@paymarket/contracts';
import { ApiKey, CurrentCompany, type ApiCompany } from '../auth/api-key.guard.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag, PAGE_QUERY } from '../openapi/describe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';

/**
 * The events of the last 30 days a company could receive by webhook (ADR 0039), so an integrator can reconcile what
 * its endpoint missed: its own orders' events and the marketplace-wide provider.connected.
 */
@DocTag('Events')
@Controller('api/v1/events')
@RateLimit('integrator-api')
@ApiKey()
export class EventsController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({
    summary: 'Events of the last 30 days, newest first (filter by type and time)',
    returns: 'EventList',
    errors: [400],
    query: [
      ...PAGE_QUERY,
      { name: 'type', description: 'One event type, e.g. payment.succeeded.' },
      { name: 'since', format: 'date-time', description: 'At or after this time.' },
      { name: 'until', format: 'date-time', description: 'Before this time.' },
    ],
  })
  @Get()
  list(@CurrentCompany() company: ApiCompany, @Query() query: Record<string, unknown>): Promise<EventList> {
    return this.rpc.call(RpcPatterns.notifications.LIST_EVENTS, { ...(query ?? {}), companyId: company.id });
  }

  @Doc({ summary: 'One event', returns: 'EventView', errors: [404] })
  @Get(':id')
  get(@CurrentCompany() company: ApiCompany, @Param('id') id: string): Promise<EventView> {
    return this.rpc.call(RpcPatterns.notifications.GET_EVENT, { companyId: company.id, id });
  }
}
