import type { AuditAction, AuditActorType, AuditEntry, AuditPage, AuditValue } from '@paymarket/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState, type FormEvent, type ReactElement } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { AUDIT_ACTIONS, deviceLabel } from '@/lib/contracts-light';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';
import { cn } from '@/lib/utils';

/** What a person reads for each audited action (ADR 0075). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'admin.created': 'Administrator created',
  'admin.password_set': 'Administrator password set',
  'admin.signed_in': 'Administrator signed in',
  'admin.sign_in_failed': 'Administrator sign-in failed',
  'admin.second_factor_enrolled': 'Second factor set up',
  'admin.passkey_added': 'Passkey added',
  'admin.passkey_removed': 'Passkey removed',
  'admin.recovery_codes_renewed': 'Recovery codes renewed',
  'admin.recovery_code_used': 'Recovery code used',
  'admin.second_factor_reset': 'Second factor reset',
  'session.ended': 'Session ended',
  'console.signed_in': 'Console signed in',
  'console.sign_in_failed': 'Console sign-in failed',
  'order.refunded': 'Order refunded',
  'company.approved': 'Company approved',
  'company.rejected': 'Company rejected',
  'provider.approved': 'Print provider approved',
  'provider.rejected': 'Print provider rejected',
  'api_key.created': 'API key created',
  'api_key.rolled': 'API key rolled',
  'api_key.revoked': 'API key revoked',
  'webhook_endpoint.created': 'Webhook endpoint created',
  'webhook_endpoint.updated': 'Webhook endpoint updated',
  'webhook_endpoint.deleted': 'Webhook endpoint deleted',
  'webhook_endpoint.secret_rolled': 'Webhook signing secret rolled',
  'marketplace.terms_changed': 'Marketplace terms changed',
  'marketplace.payout_account_changed': 'Payout account changed',
  'account.erased': 'Account erased',
};

/** The actions that can concern a company: the ones its developer console offers as a filter. */
export const COMPANY_AUDIT_ACTIONS: readonly AuditAction[] = [
  'api_key.created',
  'api_key.rolled',
  'api_key.revoked',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.secret_rolled',
  'marketplace.terms_changed',
  'marketplace.payout_account_changed',
  'order.refunded',
  'company.approved',
  'company.rejected',
  'session.ended',
  'console.signed_in',
  'console.sign_in_failed',
];

const ACTOR_TYPE_LABELS: Record<AuditActorType, string> = {
  admin: 'Administrator',
  console: 'Developer console',
  api_key: 'API key',
  account: 'Account holder',
  operator: 'Operator (command line)',
  anonymous: 'Not signed in',
  system: 'PayMarket (automatic)',
};

/** The filters as typed: dates are the date inputs' YYYY-MM-DD, in the browser's time zone. */
export interface AuditFilters {
  actor: string;
  action: AuditAction | '';
  target: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actor: '', action: '', target: '', from: '', to: '' };

const PAGE_SIZE = 50;

/** A date input's day as the instant it starts in the browser's time zone; `days` later for an end that includes it. */
function startOfDay(day: string, days = 0): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  date.setDate(date.getDate() + days);
  return date.toISOString();
}

/**
 * The query string of the filters that are set (`?actor=…&from=…`), plus `extra` (the page's cursor and size). `from`
 * is the start of its day, `to` the end of its day (the next day's start, which the API excludes), both local.
 */
export function auditQueryString(filters: AuditFilters, extra: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  const values: Record<string, string | number | undefined> = {
    actor: filters.actor.trim(),
    action: filters.action,
    target: filters.target.trim(),
    from: startOfDay(filters.from),
    to: startOfDay(filters.to, 1),
    ...extra,
  };
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** "Fee percent" for `feePercent` or `fee_percent`. */
function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A before/after value as text: lists joined, nothing as "—". */
export function auditValueText(value: AuditValue | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(auditValueText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** One line per field that either side holds: its label, what it was and what it became. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): Array<{ field: string; before: string; after: string }> {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((key) => ({
    field: fieldLabel(key),
    before: auditValueText(entry.before?.[key] as AuditValue | undefined),
    after: auditValueText(entry.after?.[key] as AuditValue | undefined),
  }));
}

/**
 * "Audit log" (ADR 0075): who did what, when, from where and what changed, newest first, filtered by actor, action,
 * target and dates, with "Load more" and a CSV export of the same filters. Shared by /admin (every row) and the
 * developer console (the company's rows: the server scopes them by the session, never by what is sent).
 */
export function AuditLogSection({
  endpoint,
  description,
  actions = AUDIT_ACTIONS,
  className,
}: {
  endpoint: '/api/admin/audit' | '/api/console/audit';
  description: string;
  /** The actions the filter offers (the console: those that can concern a company). */
  actions?: readonly AuditAction[];
  className?: string;
}): ReactElement {
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const trail = useInfiniteQuery({
    queryKey: [endpoint, applied],
    staleTime: 0,
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) =>
      (await (
        await apiRequest('GET', `${endpoint}${auditQueryString(applied, { before: pageParam, limit: PAGE_SIZE })}`)
      ).json()) as AuditPage,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  const rows = trail.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = auditQueryString(applied) !== '';
  const set = (field: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
  };
  const clear = () => {
    setDraft(NO_AUDIT_FILTERS);
    setApplied(NO_AUDIT_FILTERS);
  };
  const id = (field: string) => `${endpoint.split('/')[2]}-audit-${field}`;

  return (
    <section className={cn('mt-10 space-y-4', className)} aria-labelledby={id('heading')}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id('heading')} className="text-xl font-semibold">
            Audit log
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <Button asChild variant="outline">
          <a href={`${endpoint}.csv${auditQueryString(applied)}`} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>
      <form onSubmit={apply} onReset={clear} aria-label="Filter the audit log" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <div className="space-y-1.5 lg:col-span-2">
          <Label htmlFor={id('actor')}>Actor</Label>
          <Input id={id('actor')} value={draft.actor} onChange={set('actor')} placeholder="Email, key or id" maxLength={200} />
        </div>
        <div className="space-y-1.5 lg:col-span-2">
          <Label htmlFor={id('action')}>Action</Label>
          <Select id={id('action')} value={draft.action} onChange={set('action')}>
            <option value="">All actions</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5 lg:col-span-2">
          <Label htmlFor={id('target')}>Target</Label>
          <Input id={id('target')} value={draft.target} onChange={set('target')} placeholder="Order, company, key… id" maxLength={200} />
        </div>
        <div className="space-y-1.5 lg:col-span-2">
          <Label htmlFor={id('from')}>From</Label>
          <Input id={id('from')} type="date" value={draft.from} onChange={set('from')} />
        </div>
        <div className="space-y-1.5 lg:col-span-2">
          <Label htmlFor={id('to')}>To (inclusive)</Label>
          <Input id={id('to')} type="date" value={draft.to} min={draft.from || undefined} onChange={set('to')} />
        </div>
        <div className="flex items-end gap-2 lg:col-span-2">
          <Button type="submit">Apply filters</Button>
          <Button type="reset" variant="ghost">
            Clear
          </Button>
        </div>
      </form>
      {trail.isLoading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading the audit log…
        </p>
      ) : trail.isError && rows.length === 0 ? (
        <p role="alert" className="text-sm text-destructive">
          {apiErrorMessage(trail.error, 'The audit log could not be loaded.')}
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
          {filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Audit log, newest first</caption>
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                {['Time', 'Action', 'Actor', 'Target', 'From', 'What changed'].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-2 font-medium whitespace-nowrap">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {trail.isError && rows.length > 0 && (
        <p role="alert" className="text-sm text-destructive">
          {apiErrorMessage(trail.error, 'The next entries could not be loaded.')}
        </p>
      )}
      {trail.hasNextPage && (
        <Button type="button" variant="outline" onClick={() => void trail.fetchNextPage()} disabled={trail.isFetchingNextPage}>
          {trail.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </section>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }): ReactElement {
  const changes = auditChanges(entry);
  const device = entry.userAgent ? deviceLabel(entry.userAgent) : null;
  return (
    <tr className="border-t border-border align-top" data-testid="audit-row">
      <td className="px-4 py-3 whitespace-nowrap">
        <time dateTime={entry.occurredAt} title={entry.occurredAt}>
          {new Date(entry.occurredAt).toLocaleString()}
        </time>
      </td>
      <th scope="row" className="px-4 py-3 font-medium">
        {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
        {entry.outcome === 'failed' && (
          <Badge variant="destructive" className="ml-2">
            Failed
          </Badge>
        )}
        <span className="block font-mono text-xs font-normal text-muted-foreground">{entry.action}</span>
      </th>
      <td className="px-4 py-3">
        <span className="break-all">{entry.actor.label}</span>
        <span className="block text-xs text-muted-foreground">{ACTOR_TYPE_LABELS[entry.actor.type] ?? entry.actor.type}</span>
      </td>
      <td className="px-4 py-3">
        <span className="block text-xs text-muted-foreground">{fieldLabel(entry.target.type)}</span>
        <span className="font-mono text-xs break-all">{entry.target.id}</span>
      </td>
      <td className="px-4 py-3">
        {entry.ip ?? '—'}
        {device && (
          <span className="block text-xs text-muted-foreground" title={entry.userAgent ?? undefined}>
            {device}
          </span>
        )}
      </td>
      <td className="px-4 py-3">
        {changes.length === 0 ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <ul className="space-y-1">
            {changes.map((change) => (
              <li key={change.field}>
                <span className="font-medium">{change.field}:</span>{' '}
                {entry.before === null ? (
                  <span>{change.after}</span>
                ) : (
                  <>
                    <del className="text-muted-foreground">{change.before}</del> <span aria-hidden="true">→</span>
                    <span className="sr-only">changed to</span> <ins className="no-underline">{change.after}</ins>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}
