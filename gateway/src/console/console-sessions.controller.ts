import { Controller, Delete, Get, HttpCode, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountSessionList, ConsoleCompany, EndedSessions } from '@paymarket/contracts';
import { AccountSessions, ENDED_SESSIONS_SCHEMA, SESSION_LIST_SCHEMA } from '../auth/account-sessions.js';
import { ConsoleSession, CurrentConsoleCompany } from '../auth/console-session.guard.js';
import { CONSOLE_SESSION_COOKIE } from '../auth/session-cookies.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { consoleActor } from '../http/audit-context.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';

/** The developer console's sign-ins (ADR 0074): the company's active console sessions, and the way to end them. */
@DocTag('Developer console')
@Controller('api/console/sessions')
@ConsoleSession()
export class ConsoleSessionsController {
  private readonly sessions: AccountSessions;

  constructor(rpc: GatewayRpc, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.sessions = new AccountSessions(rpc, 'console', CONSOLE_SESSION_COOKIE, config.production);
  }

  @Doc({ summary: "The company's active developer-console sessions, newest first (`current`: this one)", schema: SESSION_LIST_SCHEMA })
  @Get()
  list(@Req() request: FastifyRequest): Promise<AccountSessionList> {
    return this.sessions.list(request);
  }

  @Doc({ summary: 'End every other developer-console session of the company (this one stays)', schema: ENDED_SESSIONS_SCHEMA })
  @Delete()
  @HttpCode(200)
  endOthers(@Req() request: FastifyRequest, @CurrentConsoleCompany() company: ConsoleCompany): Promise<EndedSessions> {
    return this.sessions.endOthers(request, consoleActor(company));
  }

  @Doc({
    summary: 'End one developer-console session; ending this one signs out (clears pm_console)',
    schema: ENDED_SESSIONS_SCHEMA,
    errors: [400, 404],
  })
  @Delete(':id')
  @HttpCode(200)
  end(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentConsoleCompany() company: ConsoleCompany,
  ): Promise<EndedSessions> {
    return this.sessions.end(request, reply, id, consoleActor(company));
  }
}
