import { Controller, Delete, Get, HttpCode, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountSessionList, EndedSessions, SignedInAdmin } from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { adminActor } from '../http/audit-context.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';
import { AccountSessions, ENDED_SESSIONS_SCHEMA, SESSION_LIST_SCHEMA } from './account-sessions.js';
import { Admin, CurrentAdmin } from './admin.guard.js';
import { ADMIN_SESSION_COOKIE } from './session-cookies.js';

/**
 * The administrator's own sessions (ADR 0074): where each was started and last used, and the way to end any of them.
 * Fully signed-in sessions only (@Admin()): a half-signed-in one is refused like on every admin route.
 */
@DocTag('Administration')
@Controller('api/admin/sessions')
@Admin()
export class AdminSessionsController {
  private readonly sessions: AccountSessions;

  constructor(rpc: GatewayRpc, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.sessions = new AccountSessions(rpc, 'admin', ADMIN_SESSION_COOKIE, config.production);
  }

  @Doc({ summary: "The administrator's active sessions, newest first (`current`: this one)", schema: SESSION_LIST_SCHEMA })
  @Get()
  list(@Req() request: FastifyRequest): Promise<AccountSessionList> {
    return this.sessions.list(request);
  }

  @Doc({ summary: 'End every other session of the administrator (this one stays)', schema: ENDED_SESSIONS_SCHEMA })
  @Delete()
  @HttpCode(200)
  endOthers(@Req() request: FastifyRequest, @CurrentAdmin() admin: SignedInAdmin): Promise<EndedSessions> {
    return this.sessions.endOthers(request, adminActor(admin));
  }

  @Doc({
    summary: "End one of the administrator's sessions; ending this one signs out (clears pm_admin)",
    schema: ENDED_SESSIONS_SCHEMA,
    errors: [400, 404],
  })
  @Delete(':id')
  @HttpCode(200)
  end(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentAdmin() admin: SignedInAdmin,
  ): Promise<EndedSessions> {
    return this.sessions.end(request, reply, id, adminActor(admin));
  }
}
