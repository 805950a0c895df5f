import { Injectable } from '@nestjs/common';
import {
  AUDIT_QUERY_MESSAGES,
  AuditQueryDto,
  summariseFieldErrors,
  validateDto,
  type AuditPage,
  type RpcRequest,
} from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { AuditLogRepository, toAuditEntry, type AuditFilters, type AuditScope } from './audit-log.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_LIMIT = 50;
const SCOPE_REQUIRED = 'scope must be {kind: "admin"} or {kind: "company", companyId}';

function invalid(field: string, message: string): ServiceError {
  return ServiceError.invalid(message, { [field]: [message] });
}

/** The reader's scope, set by the gateway from the session it verified. */
export function auditScopeOf(scope: unknown): AuditScope {
  const s = typeof scope === 'object' && scope !== null ? (scope as Record<string, unknown>) : {};
  if (s.kind === 'admin') return { kind: 'admin' };
  if (s.kind === 'company' && typeof s.companyId === 'string' && UUID.test(s.companyId))
    return { kind: 'company', companyId: s.companyId.toLowerCase() };
  throw invalid('scope', SCOPE_REQUIRED);
}

/** AuditQuery checked with the rules the gateway and the web use (AuditQueryDto), each refusal naming its field. */
export function auditFiltersOf(query: unknown): AuditFilters {
  if (query !== undefined && query !== null && (typeof query !== 'object' || Array.isArray(query)))
    throw invalid('query', 'query must be an object of filters');
  const result = validateDto(AuditQueryDto, query ?? {});
  if (!result.ok) throw ServiceError.invalid(summariseFieldErrors(result.errors), result.errors);
  const q = result.value;
  // A larger cursor than any seq is not one this service gave (and would not fit a bigint).
  if (q.before !== undefined && !Number.isSafeInteger(q.before)) throw invalid('before', AUDIT_QUERY_MESSAGES.BEFORE);
  const from = q.from === undefined ? undefined : new Date(q.from);
  const to = q.to === undefined ? undefined : new Date(q.to);
  if (from !== undefined && Number.isNaN(from.getTime())) throw invalid('from', AUDIT_QUERY_MESSAGES.FROM);
  if (to !== undefined && Number.isNaN(to.getTime())) throw invalid('to', AUDIT_QUERY_MESSAGES.TO);
  if (from !== undefined && to !== undefined && to.getTime() <= from.getTime()) throw invalid('to', AUDIT_QUERY_MESSAGES.RANGE);
  return {
    ...(q.actor !== undefined ? { actor: q.actor } : {}),
    ...(q.action !== undefined ? { action: q.action } : {}),
    ...(q.target !== undefined ? { target: q.target } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(q.before !== undefined ? { before: q.before } : {}),
    limit: q.limit ?? DEFAULT_LIMIT,
  };
}

/** `onboarding.list_audit`: one page of the trail, newest first, within the reader's scope (ADR 0075). */
@Injectable()
export class ListAudit {
  constructor(private readonly trail: AuditLogRepository) {}

  async execute(request: Partial<RpcRequest<'onboarding.list_audit'>> | undefined): Promise<AuditPage> {
    const scope = auditScopeOf(request?.scope);
    const filters = auditFiltersOf(request?.query);
    const { rows, more } = await this.trail.page(scope, filters);
    return { entries: rows.map(toAuditEntry), nextBefore: more ? rows[rows.length - 1]!.seq : null };
  }
}
