import type { FastifyRequest } from 'fastify';
import type { AuditActor, AuditContext, AuditOrigin, ConsoleCompany, SignedInAdmin } from '@paymarket/contracts';
import type { ApiCompany } from '../auth/api-key.guard.js';
import { clientAddressOf } from './client-address.js';

/** The longest User-Agent the audit trail keeps (as sessions do, ADR 0074). */
const USER_AGENT_CAP = 512;

/** Where a request came from, for the audit trail (ADR 0075): the client address (TRUST_PROXY decides) and user agent. */
export function auditOrigin(request: Pick<FastifyRequest, 'ip' | 'headers'>): AuditOrigin {
  const header = request.headers['user-agent'];
  return {
    ip: clientAddressOf(request) || null,
    userAgent: typeof header === 'string' && header !== '' ? header.slice(0, USER_AGENT_CAP) : null,
  };
}

export function adminActor(admin: SignedInAdmin): AuditActor {
  return { type: 'admin', id: admin.id, label: admin.email };
}

/** A company acting through the integrator API: its API key (by id, never the secret) or its console's contact. */
export function companyActor(company: ApiCompany): AuditActor {
  if (company.via === 'api_key') return { type: 'api_key', id: company.keyId, label: `API key ${company.keyId ?? 'unknown'}` };
  return { type: 'console', id: company.id, label: company.consoleEmail ?? company.name };
}

/** A person signed in to a company's developer console (its own session, ADR 0074), named by the contact email. */
export function consoleActor(company: Pick<ConsoleCompany, 'id' | 'email'>): AuditActor {
  return { type: 'console', id: company.id, label: company.email };
}

/** Who acted and from where: what a privileged command carries as `audit` to the service that records it. */
export function auditContext(request: Pick<FastifyRequest, 'ip' | 'headers'>, actor: AuditActor): AuditContext {
  return { actor, ...auditOrigin(request) };
}
