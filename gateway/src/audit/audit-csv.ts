import type { AuditEntry } from '@paymarket/contracts';

/** The audit trail export's columns, in order (ADR 0075): one row per AuditEntry, before/after as JSON. */
export const AUDIT_CSV_COLUMNS = [
  'seq',
  'occurred_at',
  'action',
  'actor_type',
  'actor_id',
  'actor_label',
  'ip',
  'user_agent',
  'target_type',
  'target_id',
  'company_id',
  'outcome',
  'before',
  'after',
] as const;

/**
 * One CSV cell: RFC 4180 quoting (a cell with a quote, comma, CR or LF is quoted, its quotes doubled), after a leading
 * single quote on anything a spreadsheet would run as a formula (CSV injection: = + - @ tab or CR first). What the
 * trail holds is partly typed by outsiders (a user agent, an email tried at sign-in, a webhook URL).
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The audit entries as CSV (AUDIT_CSV_COLUMNS): a header, then one CRLF-terminated row per entry, in the given order. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const rows = entries.map((e) =>
    [
      e.seq,
      e.occurredAt,
      e.action,
      e.actor.type,
      e.actor.id,
      e.actor.label,
      e.ip,
      e.userAgent,
      e.target.type,
      e.target.id,
      e.companyId,
      e.outcome,
      e.before === null ? null : JSON.stringify(e.before),
      e.after === null ? null : JSON.stringify(e.after),
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[AUDIT_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
