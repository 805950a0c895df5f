import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  RpcPatterns,
  type AccountSessionList,
  type AuditActor,
  type EndableSessionKind,
  type EndedSessions,
} from '@paymarket/contracts';
import { ApiError } from '../http/api-error.js';
import { auditContext } from '../http/audit-context.js';
import type { GatewayRpc } from '../http/rpc.provider.js';
import { clearSessionCookie, readSessionCookie, type SessionCookie } from './session-cookies.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The OpenAPI shapes of the session routes (ADR 0074), written here so the routes need no generated schema. */
export const SESSION_LIST_SCHEMA = {
  type: 'object',
  required: ['sessions'],
  properties: {
    sessions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'device', 'ip', 'createdAt', 'lastSeenAt', 'current'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          device: { type: 'string', description: 'A readable label made from the user agent, e.g. "Chrome on Linux".' },
          ip: { type: ['string', 'null'] },
          createdAt: { type: 'string', format: 'date-time' },
          lastSeenAt: { type: 'string', format: 'date-time', description: 'Recorded at most once a minute.' },
          current: { type: 'boolean', description: 'The session making this request.' },
        },
      },
    },
  },
};

export const ENDED_SESSIONS_SCHEMA = {
  type: 'object',
  required: ['ended', 'signedOut'],
  properties: { ended: { type: 'integer' }, signedOut: { type: 'boolean' } },
};

/** The request's User-Agent for a new session (capped again by onboarding), or nothing when there is none. */
export function userAgentOf(request: FastifyRequest): { userAgent?: string } {
  const header = request.headers['user-agent'];
  return typeof header === 'string' && header !== '' ? { userAgent: header.slice(0, 1024) } : {};
}

/** The :id of a session route: a uuid, or 400 naming `id` (before anything is asked of onboarding). */
export function sessionIdOf(id: string): string {
  if (!UUID.test(id)) throw ApiError.of(400, AUTH_MESSAGES.SESSION_ID_INVALID, { id: [AUTH_MESSAGES.SESSION_ID_INVALID] });
  return id;
}

/**
 * Lists and ends the caller's own sessions of one kind. The guard in front has already checked the cookie; onboarding
 * checks it again and takes the owner from it, so no route can name whose sessions it reads. Ending sessions is
 * audited (ADR 0075): `actor` is who the guard signed in.
 */
export class AccountSessions {
  constructor(
    private readonly rpc: GatewayRpc,
    private readonly kind: EndableSessionKind,
    private readonly cookie: SessionCookie,
    private readonly production: boolean,
  ) {}

  list(request: FastifyRequest): Promise<AccountSessionList> {
    return this.rpc.call(RpcPatterns.onboarding.LIST_SESSIONS, { kind: this.kind, token: this.token(request) });
  }

  /** Ending the session making the request signs the caller out here too: the cookie is cleared. */
  async end(request: FastifyRequest, reply: FastifyReply, id: string, actor: AuditActor): Promise<EndedSessions> {
    const ended = await this.rpc.call(RpcPatterns.onboarding.END_SESSION, {
      kind: this.kind,
      token: this.token(request),
      id: sessionIdOf(id),
      audit: auditContext(request, actor),
    });
    if (ended.signedOut) clearSessionCookie(reply, this.cookie, this.production);
    return ended;
  }

  endOthers(request: FastifyRequest, actor: AuditActor): Promise<EndedSessions> {
    return this.rpc.call(RpcPatterns.onboarding.END_OTHER_SESSIONS, {
      kind: this.kind,
      token: this.token(request),
      audit: auditContext(request, actor),
    });
  }

  private token(request: FastifyRequest): string {
    // Only reachable past the guard, which read the same cookie; '' makes onboarding answer 401 rather than guess.
    return readSessionCookie(request, this.cookie) ?? '';
  }
}
