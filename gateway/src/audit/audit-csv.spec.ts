import { describe, expect, it } from '@jest/globals';
import type { AuditEntry } from '@paymarket/contracts';
import { AUDIT_CSV_COLUMNS, auditCsv, csvCell } from './audit-csv.js';

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: '7d3c1a52-6f0e-4f5e-9a43-1b2c3d4e5f60',
  seq: 42,
  occurredAt: '2026-11-25T10:00:00.000Z',
  recordedAt: '2026-11-25T10:00:00.120Z',
  action: 'marketplace.terms_changed',
  actor: { type: 'console', id: '0b7c7f0e-5d7e-4c55-9e49-2f1c1f0b1a11', label: 'ops@shop.example' },
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  target: { type: 'marketplace', id: '3f0c8a4e-2b1d-4c5e-9f6a-7b8c9d0e1f2a' },
  companyId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  outcome: 'succeeded',
  before: { feePercent: 2.5 },
  after: { feePercent: 3 },
  producer: 'onboarding',
  ...overrides,
});

describe(csvCell.name, () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [7, '7'],
    // RFC 4180: a quote, comma, CR or LF quotes the cell and doubles its quotes.
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    // CSV injection: what a spreadsheet would run as a formula starts with a single quote.
    ['=HYPERLINK("https://evil.example","x")', `"'=HYPERLINK(""https://evil.example"",""x"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    // Only the first character matters.
    ['a=b', 'a=b'],
    ['ops@shop.example', 'ops@shop.example'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe(auditCsv.name, () => {
  it('writes the header and one CRLF row per entry, before/after as JSON, empty cells for nulls', () => {
    const csv = auditCsv([
      entry(),
      entry({
        seq: 41,
        action: 'admin.sign_in_failed',
        actor: { type: 'anonymous', id: null, label: '=cmd|/C calc!A0' },
        ip: null,
        userAgent: null,
        target: { type: 'admin', id: 'root@example.com' },
        companyId: null,
        outcome: 'failed',
        before: null,
        after: null,
      }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines[0]).toBe(
      'seq,occurred_at,action,actor_type,actor_id,actor_label,ip,user_agent,target_type,target_id,company_id,outcome,before,after',
    );
    expect(lines[1]).toBe(
      '42,2026-11-25T10:00:00.000Z,marketplace.terms_changed,console,0b7c7f0e-5d7e-4c55-9e49-2f1c1f0b1a11,ops@shop.example,' +
        '203.0.113.7,Mozilla/5.0 (X11; Linux x86_64),marketplace,3f0c8a4e-2b1d-4c5e-9f6a-7b8c9d0e1f2a,' +
        '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d,succeeded,"{""feePercent"":2.5}","{""feePercent"":3}"',
    );
    expect(lines[2]).toBe(
      "41,2026-11-25T10:00:00.000Z,admin.sign_in_failed,anonymous,,'=cmd|/C calc!A0,,,admin,root@example.com,,failed,,",
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('keeps a field with a line break, a quote and a formula in one cell a parser reads back', () => {
    const csv = auditCsv([entry({ userAgent: '-"evil"\r\nnext,line' })]);
    const row = csv.split('\r\n').slice(1).join('\r\n');
    expect(row).toContain(`,"'-""evil""\r\nnext,line",`);
    expect(row.split('"').length % 2).toBe(1);
  });

  it('writes only the header for an empty trail', () => {
    expect(auditCsv([])).toBe(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`);
  });
});
