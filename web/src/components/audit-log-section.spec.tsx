import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AuditEntry, AuditPage } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse } from '../../test/fake-response';
import { createQueryClient } from '@/lib/queryClient';
import {
  AUDIT_ACTION_LABELS,
  AuditLogSection,
  auditChanges,
  auditQueryString,
  COMPANY_AUDIT_ACTIONS,
  NO_AUDIT_FILTERS,
} from './audit-log-section';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** The instant a date input's day starts in this machine's time zone, as the component sends it. */
const localDay = (day: string) => new Date(`${day}T00:00:00`).toISOString();

const entry = (seq: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  seq,
  occurredAt: '2026-11-25T10:00:00.000Z',
  recordedAt: '2026-11-25T10:00:00.100Z',
  action: 'marketplace.terms_changed',
  actor: { type: 'console', id: 'c1', label: 'ops@shop.example' },
  ip: '203.0.113.7',
  userAgent: CHROME_LINUX,
  target: { type: 'marketplace', id: '3f0c8a4e-2b1d-4c5e-9f6a-7b8c9d0e1f2a' },
  companyId: 'c1',
  outcome: 'succeeded',
  before: { feePercent: 2.5, payoutAccountId: 'acct_1PMDemoOld00000001' },
  after: { feePercent: 3, payoutAccountId: 'acct_1PMDemoNew00000002' },
  producer: 'onboarding',
  ...overrides,
});
const page =
  (entries: AuditEntry[], nextBefore: number | null = null) =>
  () =>
    fakeResponse(200, JSON.stringify({ entries, nextBefore } satisfies AuditPage));

/** Answers GET requests by their full URL; records every URL asked. */
function renderAudit(routes: Record<string, () => Response>, endpoint: '/api/admin/audit' | '/api/console/audit' = '/api/admin/audit') {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected ${key}`);
    return route();
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuditLogSection
        endpoint={endpoint}
        description="Every privileged action."
        {...(endpoint === '/api/console/audit' ? { actions: COMPANY_AUDIT_ACTIONS } : {})}
      />
    </QueryClientProvider>,
  );
}
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

describe(auditQueryString.name, () => {
  it('sends only the filters that are set, trimmed; from is the start of its day, to the end of its day', () => {
    expect(auditQueryString(NO_AUDIT_FILTERS)).toBe('');
    const query = auditQueryString({
      actor: '  ops@shop.example ',
      action: 'api_key.revoked',
      target: '',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(Object.fromEntries(new URLSearchParams(query.slice(1)))).toEqual({
      actor: 'ops@shop.example',
      action: 'api_key.revoked',
      from: localDay('2026-11-01'),
      to: localDay('2026-12-01'),
    });
    expect(auditQueryString({ ...NO_AUDIT_FILTERS, target: 'a&b=c' }, { before: 51, limit: 50 })).toBe(
      '?target=a%26b%3Dc&before=51&limit=50',
    );
    expect(auditQueryString({ ...NO_AUDIT_FILTERS, from: 'not a date' }, { before: undefined })).toBe('');
  });
});

describe(auditChanges.name, () => {
  it('lists each field with what it was and what it became, readably', () => {
    expect(
      auditChanges({
        before: { status: 'active', events: ['payment.succeeded'], enabled: true },
        after: { status: 'revoked', events: ['payment.succeeded', 'refund.created'], enabled: false, url: null },
      }),
    ).toEqual([
      { field: 'Status', before: 'active', after: 'revoked' },
      { field: 'Events', before: 'payment.succeeded', after: 'payment.succeeded, refund.created' },
      { field: 'Enabled', before: 'yes', after: 'no' },
      { field: 'Url', before: '—', after: '—' },
    ]);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });
});

describe(AuditLogSection.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('shows each entry: time, readable action, actor, target, IP and device, and what changed before → after', async () => {
    renderAudit({
      'GET /api/admin/audit?limit=50': page([
        entry(2),
        entry(1, {
          action: 'admin.sign_in_failed',
          outcome: 'failed',
          actor: { type: 'anonymous', id: null, label: 'root@example.com' },
          userAgent: null,
          ip: '198.51.100.9',
          target: { type: 'admin', id: 'root@example.com' },
          before: null,
          after: null,
        }),
      ]),
    });

    const table = await screen.findByRole('table', { name: 'Audit log, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Action', 'Actor', 'Target', 'From', 'What changed']);
    const [changed, failed] = within(table).getAllByTestId('audit-row');
    expect(within(changed!).getByRole('rowheader').textContent).toBe('Marketplace terms changedmarketplace.terms_changed');
    expect(within(changed!).getByText('ops@shop.example')).toBeTruthy();
    expect(within(changed!).getByText('Developer console')).toBeTruthy();
    expect(within(changed!).getByText('3f0c8a4e-2b1d-4c5e-9f6a-7b8c9d0e1f2a')).toBeTruthy();
    expect(within(changed!).getByText('203.0.113.7')).toBeTruthy();
    expect(within(changed!).getByText('Chrome on Linux').getAttribute('title')).toBe(CHROME_LINUX);
    expect(changed!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-25T10:00:00.000Z');
    const items = within(changed!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Fee percent: 2.5 →changed to 3',
      'Payout account id: acct_1PMDemoOld00000001 →changed to acct_1PMDemoNew00000002',
    ]);
    expect(within(failed!).getByText('Administrator sign-in failed')).toBeTruthy();
    expect(within(failed!).getByText('Failed')).toBeTruthy();
    expect(within(failed!).getByText('Not signed in')).toBeTruthy();
    expect(within(failed!).queryByRole('list')).toBeNull();
  });

  it('shows what a new thing was created with, without a before', async () => {
    renderAudit(
      {
        'GET /api/console/audit?limit=50': page([
          entry(1, {
            action: 'webhook_endpoint.created',
            before: null,
            after: { url: 'https://shop.example/hooks', events: ['payment.succeeded'] },
          }),
        ]),
      },
      '/api/console/audit',
    );
    const row = await screen.findByTestId('audit-row');
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Url: https://shop.example/hooks', 'Events: payment.succeeded']);
    expect(within(row).queryByText('→')).toBeNull();
  });

  it("names PayMarket's own automatic decisions as such, with the applicant's address", async () => {
    renderAudit(
      {
        'GET /api/console/audit?limit=50': page([
          entry(1, {
            action: 'company.rejected',
            actor: { type: 'system', id: null, label: 'automatic risk check' },
            target: { type: 'company', id: 'c1' },
            before: null,
            after: { status: 'rejected', riskScore: 85, reason: 'mailinator.com is a disposable email service.' },
          }),
        ]),
      },
      '/api/console/audit',
    );
    const row = await screen.findByTestId('audit-row');
    expect(within(row).getByRole('rowheader').textContent).toBe('Company rejectedcompany.rejected');
    expect(within(row).getByText('automatic risk check')).toBeTruthy();
    expect(within(row).getByText('PayMarket (automatic)')).toBeTruthy();
    expect(within(row).getByText('203.0.113.7')).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Status: rejected', 'Risk score: 85', 'Reason: mailinator.com is a disposable email service.']);
  });

  it('sends the filters as a query string, and the CSV link carries the same filters', async () => {
    const from = localDay('2026-11-01');
    const to = localDay('2026-12-01');
    const filtered = `?actor=ops%40shop.example&action=api_key.revoked&target=key-1&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    renderAudit({
      'GET /api/admin/audit?limit=50': page([entry(2), entry(1)]),
      [`GET /api/admin/audit${filtered}&limit=50`]: page([entry(1, { action: 'api_key.revoked' })]),
    });
    const user = userEvent.setup();
    await screen.findByRole('table');
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toBe('/api/admin/audit.csv');
    expect(csv.hasAttribute('download')).toBe(true);

    const form = screen.getByRole('form', { name: 'Filter the audit log' });
    await user.type(within(form).getByLabelText('Actor'), 'ops@shop.example');
    const action = within(form).getByLabelText('Action');
    expect(within(action).getByRole('option', { name: AUDIT_ACTION_LABELS['api_key.revoked'] })).toBeTruthy();
    await user.selectOptions(action, 'api_key.revoked');
    await user.type(within(form).getByLabelText('Target'), 'key-1');
    await user.type(within(form).getByLabelText('From'), '2026-11-01');
    await user.type(within(form).getByLabelText('To (inclusive)'), '2026-11-30');
    // Nothing is asked until the filters are applied.
    expect(urls()).toEqual(['/api/admin/audit?limit=50']);
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(within(screen.getByTestId('audit-row')).getByText('API key revoked')).toBeTruthy();
    expect(urls()).toEqual(['/api/admin/audit?limit=50', `/api/admin/audit${filtered}&limit=50`]);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(`/api/admin/audit.csv${filtered}`);

    await user.click(within(form).getByRole('button', { name: 'Clear' }));
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(2);
    expect((within(form).getByLabelText('Actor') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/admin/audit.csv');
  });

  it('offers a company only the actions that can concern it, by readable label', async () => {
    renderAudit({ 'GET /api/console/audit?limit=50': page([]) }, '/api/console/audit');
    await screen.findByText('Nothing has been recorded yet.');
    const options = within(screen.getByLabelText('Action'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options[0]).toBe('All actions');
    expect(options).toContain('Webhook signing secret rolled');
    expect(options).not.toContain('Administrator signed in');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/console/audit.csv');
  });

  it('loads the next page with the cursor and appends it; the button goes when the trail ends', async () => {
    renderAudit({
      'GET /api/admin/audit?limit=50': page([entry(3), entry(2)], 2),
      'GET /api/admin/audit?before=2&limit=50': page([entry(1, { action: 'order.refunded' })]),
    });
    const user = userEvent.setup();
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(3));
    expect(within(screen.getAllByTestId('audit-row')[2]!).getByText('Order refunded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(urls()).toEqual(['/api/admin/audit?limit=50', '/api/admin/audit?before=2&limit=50']);
  });

  it('says when no entry matches the filters', async () => {
    renderAudit({
      'GET /api/admin/audit?limit=50': page([entry(1)]),
      'GET /api/admin/audit?action=account.erased&limit=50': page([]),
    });
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Action'), 'account.erased');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's refusal (a filter it did not accept) or a fallback when it cannot be reached", async () => {
    const message = 'to must be after from';
    renderAudit({
      'GET /api/admin/audit?limit=50': () =>
        fakeResponse(400, JSON.stringify({ statusCode: 400, error: 'Bad Request', message, fields: { to: [message] } })),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    cleanup();

    renderAudit({ 'GET /api/admin/audit?limit=50': () => fakeResponse(503, 'Service Unavailable') });
    expect((await screen.findByRole('alert')).textContent).toBe('The audit log could not be loaded.');
  });
});
