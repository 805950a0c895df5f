import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AUTH_MESSAGES, RpcPatterns, type EndableSessionKind, type RpcEnvelope, type RpcResponse } from '@paymarket/contracts';
import { requireAuditContext, ServiceError } from '@paymarket/platform';
import { AccountSessionsUseCase } from './account-sessions.use-case.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const dataOf = (message: RpcEnvelope<unknown>): Record<string, unknown> =>
  typeof message.data === 'object' && message.data !== null ? (message.data as Record<string, unknown>) : {};

/** Only the kinds whose owners may list their sessions; anything else is the caller's mistake, never a 500. */
function kindOf(data: Record<string, unknown>): EndableSessionKind {
  if (data.kind === 'admin' || data.kind === 'console') return data.kind;
  throw ServiceError.invalid("kind must be 'admin' or 'console'", { kind: ["kind must be 'admin' or 'console'"] });
}

/** Sessions that can be ended (ADR 0074), for administrators and the developer console. */
@Controller()
export class SessionsHandler {
  constructor(private readonly sessions: AccountSessionsUseCase) {}

  @MessagePattern<string>(RpcPatterns.onboarding.LIST_SESSIONS)
  list(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'onboarding.list_sessions'>> {
    const data = dataOf(message);
    return this.sessions.list(kindOf(data), data.token);
  }

  @MessagePattern<string>(RpcPatterns.onboarding.END_SESSION)
  end(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'onboarding.end_session'>> {
    const data = dataOf(message);
    // Validated again here: the gateway is not the only possible caller.
    if (typeof data.id !== 'string' || !UUID.test(data.id)) {
      throw ServiceError.invalid(AUTH_MESSAGES.SESSION_ID_INVALID, { id: [AUTH_MESSAGES.SESSION_ID_INVALID] });
    }
    return this.sessions.end(kindOf(data), data.token, data.id, requireAuditContext(data.audit));
  }

  @MessagePattern<string>(RpcPatterns.onboarding.END_OTHER_SESSIONS)
  endOthers(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'onboarding.end_other_sessions'>> {
    const data = dataOf(message);
    return this.sessions.endOthers(kindOf(data), data.token, requireAuditContext(data.audit));
  }
}
