import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_PAGE_MAX,
  AUDIT_QUERY_MESSAGES,
  AuditFiltersDto,
  AuditQueryDto,
  RpcPatterns,
  validateDto,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  type ConsoleCompany,
  type RpcRequest,
} from '@paymarket/contracts';
import { Admin } from '../auth/admin.guard.js';
import { ConsoleSession, CurrentConsoleCompany } from '../auth/console-session.guard.js';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag, type DocOptions } from '../openapi/describe.js';
import { auditCsv } from './audit-csv.js';

/** Whose rows: every row (an administrator) or one company's (its console), always from the verified session. */
export type AuditScope = RpcRequest<typeof RpcPatterns.onboarding.LIST_AUDIT>['scope'];

const FILTERS: NonNullable<DocOptions['query']> = [
  { name: 'actor', description: "Who acted: the actor's id or label (an email, a masked key), whole value, any case." },
  { name: 'action', description: 'One action, e.g. `order.refunded` or `api_key.revoked`.' },
  { name: 'target', description: 'The id of what was acted on (an order, a company, an API key…).' },
  { name: 'from', format: 'date-time', description: 'At or after this instant (a date alone is midnight UTC).' },
  { name: 'to', format: 'date-time', description: 'Before this instant (a date alone is midnight UTC).' },
];
const PAGING: NonNullable<DocOptions['query']> = [
  { name: 'before', type: 'integer', description: 'The `nextBefore` of the previous page (newest first).' },
  { name: 'limit', type: 'integer', description: `Page size, 1-${AUDIT_PAGE_MAX} (default 50).` },
];
const CSV_DESCRIPTION =
  `The newest ${AUDIT_CSV_MAX_ROWS.toLocaleString('en')} rows that match the filters, newest first, as text/csv (RFC 4180, CRLF) ` +
  'with the columns seq, occurred_at, action, actor_type, actor_id, actor_label, ip, user_agent, target_type, target_id, ' +
  'company_id, outcome, before, after (before/after as JSON). A cell a spreadsheet would run as a formula starts with a quote.';

/** A validated query (400 naming the field), its dates as ISO instants, blank filters left out. */
function validQuery<T extends AuditFiltersDto>(dto: new () => T, query: Record<string, unknown>): AuditQuery {
  const result = validateDto(dto, { ...(query ?? {}) });
  if (!result.ok) throw ApiError.of(400, [...new Set(Object.values(result.errors).flat())].join('; '), result.errors);
  const out: AuditQuery = {};
  for (const [key, value] of Object.entries(result.value) as Array<[keyof AuditQuery, unknown]>) {
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  if (out.from) out.from = new Date(out.from).toISOString();
  if (out.to) out.to = new Date(out.to).toISOString();
  if (out.from && out.to && out.to <= out.from) {
    throw ApiError.of(400, AUDIT_QUERY_MESSAGES.RANGE, { to: [AUDIT_QUERY_MESSAGES.RANGE] });
  }
  return out;
}

/**
 * Reads the audit trail (ADR 0075) for one scope: a page, or the CSV export, which reads pages of AUDIT_PAGE_MAX until
 * AUDIT_CSV_MAX_ROWS rows or the trail's end. The filters are checked here; onboarding checks them again.
 */
export class AuditTrailReader {
  constructor(private readonly rpc: GatewayRpc) {}

  page(scope: AuditScope, query: Record<string, unknown>): Promise<AuditPage> {
    return this.rpc.call(RpcPatterns.onboarding.LIST_AUDIT, { scope, query: validQuery(AuditQueryDto, query) });
  }

  async csv(scope: AuditScope, query: Record<string, unknown>, reply: FastifyReply, now = new Date()): Promise<string> {
    const filters = validQuery(AuditFiltersDto, query);
    const entries: AuditEntry[] = [];
    let before: number | null = null;
    // At most AUDIT_CSV_MAX_ROWS / AUDIT_PAGE_MAX pages, whatever the answers say.
    for (let pages = 0; pages < Math.ceil(AUDIT_CSV_MAX_ROWS / AUDIT_PAGE_MAX); pages++) {
      const limit = Math.min(AUDIT_PAGE_MAX, AUDIT_CSV_MAX_ROWS - entries.length);
      const page: AuditPage = await this.rpc.call(RpcPatterns.onboarding.LIST_AUDIT, {
        scope,
        query: { ...filters, limit, ...(before === null ? {} : { before }) },
      });
      entries.push(...page.entries.slice(0, limit));
      before = page.nextBefore;
      if (before === null || page.entries.length === 0 || entries.length >= AUDIT_CSV_MAX_ROWS) break;
    }
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="paymarket-audit-${now.toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store');
    return auditCsv(entries);
  }
}

/** The whole audit trail, for administrators (fully signed in: a half-signed-in session is refused like everywhere). */
@DocTag('Administration')
@Controller('api/admin')
@Admin()
export class AdminAuditController {
  private readonly trail: AuditTrailReader;

  constructor(rpc: GatewayRpc) {
    this.trail = new AuditTrailReader(rpc);
  }

  @Doc({
    summary: 'The audit trail of privileged actions, newest first (filter by actor, action, target and time)',
    description: 'Who did what, when, from where, and what changed (before/after, never a secret). Page with `before` = `nextBefore`.',
    returns: 'AuditPage',
    errors: [400],
    query: [...FILTERS, ...PAGING],
  })
  @Get('audit')
  list(@Query() query: Record<string, unknown>): Promise<AuditPage> {
    return this.trail.page({ kind: 'admin' }, query);
  }

  @Doc({
    summary: 'The audit trail as a CSV file (same filters)',
    description: CSV_DESCRIPTION,
    schema: { type: 'string' },
    contentType: 'text/csv',
    errors: [400],
    query: FILTERS,
  })
  @Get('audit.csv')
  csv(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return this.trail.csv({ kind: 'admin' }, query, reply);
  }
}

/**
 * A company's own audit trail, in its developer console: the rows whose company is the session's. The company comes
 * from the `pm_console` session only, never from the query (a secret key does not pass either).
 */
@DocTag('Developer console')
@Controller('api/console')
@ConsoleSession()
export class ConsoleAuditController {
  private readonly trail: AuditTrailReader;

  constructor(rpc: GatewayRpc) {
    this.trail = new AuditTrailReader(rpc);
  }

  @Doc({
    summary: "The company's audit trail, newest first (filter by actor, action, target and time)",
    description:
      'Privileged actions that concern the company: API keys, webhook endpoints, marketplace terms and payout account, refunds, its approval. ' +
      'Page with `before` = `nextBefore`.',
    returns: 'AuditPage',
    errors: [400],
    query: [...FILTERS, ...PAGING],
  })
  @Get('audit')
  list(@CurrentConsoleCompany() company: ConsoleCompany, @Query() query: Record<string, unknown>): Promise<AuditPage> {
    return this.trail.page({ kind: 'company', companyId: company.id }, query);
  }

  @Doc({
    summary: "The company's audit trail as a CSV file (same filters)",
    description: CSV_DESCRIPTION,
    schema: { type: 'string' },
    contentType: 'text/csv',
    errors: [400],
    query: FILTERS,
  })
  @Get('audit.csv')
  csv(
    @CurrentConsoleCompany() company: ConsoleCompany,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.trail.csv({ kind: 'company', companyId: company.id }, query, reply);
  }
}
