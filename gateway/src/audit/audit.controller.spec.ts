import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { InProcessBroker } from '@paymarket/platform';
import {
  AUDIT_QUERY_MESSAGES,
  AUTH_MESSAGES,
  RpcPatterns,
  type AuditEntry,
  type AuditPage,
  type ConsoleCompany,
  type RpcRequest,
} from '@paymarket/contracts';
import { DEFAULT_BODY_LIMIT } from '../gateway.config.js';
import { createGatewayApp } from '../start-gateway.js';
import { fakeServices, serviceError } from '../embed/testing/fake-services.js';
import { AUDIT_CSV_COLUMNS } from './audit-csv.js';

jest.setTimeout(60_000);

const O = RpcPatterns.onboarding;
type ListAudit = RpcRequest<typeof O.LIST_AUDIT>;

const ADMIN_TOKEN = 'a'.repeat(43);
const PENDING_ADMIN_TOKEN = 'p'.repeat(43);
const CONSOLE_A_TOKEN = 'c'.repeat(43);
const CONSOLE_B_TOKEN = 'd'.repeat(43);
const COMPANY_A: ConsoleCompany = {
  id: '0b7c7f0e-5d7e-4c55-9e49-2f1c1f0b1a11',
  name: 'Shop A',
  email: 'ops@a.example',
  website: 'https://a.example',
  apiKey: 'pk_test_a',
  livemode: false,
};
const COMPANY_B: ConsoleCompany = { ...COMPANY_A, id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Shop B', email: 'ops@b.example' };

const entry = (seq: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  seq,
  occurredAt: new Date(Date.UTC(2026, 10, 25, 10, 0, 0) + seq * 1000).toISOString(),
  recordedAt: new Date(Date.UTC(2026, 10, 25, 10, 0, 1) + seq * 1000).toISOString(),
  action: 'api_key.revoked',
  actor: { type: 'console', id: COMPANY_A.id, label: COMPANY_A.email },
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
  target: { type: 'api_key', id: `key-${seq}` },
  companyId: COMPANY_A.id,
  outcome: 'succeeded',
  before: { status: 'active' },
  after: { status: 'revoked' },
  producer: 'onboarding',
  ...overrides,
});

/** A trail of `size` rows (seq 1…size) that onboarding's list pages newest first, as the contract says. */
function trailOf(size: number): (data: ListAudit) => AuditPage {
  return ({ query }) => {
    const limit = query.limit ?? 50;
    const top = Math.min(size, (query.before ?? size + 1) - 1);
    const entries = Array.from({ length: Math.max(0, Math.min(limit, top)) }, (_, i) => entry(top - i));
    const last = entries.at(-1)?.seq;
    return { entries, nextBefore: last !== undefined && last > 1 ? last : null };
  };
}

// The real gateway (routes, guards, validation, headers) over HTTP, with a stand-in onboarding on its broker.
describe('the audit trail routes (ADR 0075)', () => {
  const broker = new InProcessBroker();
  let listAudit: (data: ListAudit) => unknown = trailOf(3);
  const services = fakeServices(broker, {
    [O.RESOLVE_ADMIN_SESSION]: ({ token }: { token: string }) => {
      if (token === ADMIN_TOKEN) return { admin: { id: 'admin-1', email: 'root@example.com' }, secondFactor: 'verified' };
      if (token === PENDING_ADMIN_TOKEN) {
        return {
          admin: { id: 'admin-2', email: 'half@example.com' },
          secondFactor: { email: 'half@example.com', step: 'verify', totp: true, passkeys: false },
        };
      }
      return serviceError('UNAUTHORIZED', 'Sign in.');
    },
    [O.RESOLVE_CONSOLE_SESSION]: ({ token }: { token: string }) => {
      if (token === CONSOLE_A_TOKEN) return { company: COMPANY_A };
      if (token === CONSOLE_B_TOKEN) return { company: COMPANY_B };
      return serviceError('UNAUTHORIZED', 'Sign in.');
    },
    [O.LIST_AUDIT]: (data: ListAudit) => listAudit(data),
  });
  let app: NestFastifyApplication;
  let url: string;

  beforeAll(async () => {
    app = await createGatewayApp({
      port: 0,
      host: '127.0.0.1',
      production: false,
      rpcTimeoutMs: 2_000,
      bodyLimitBytes: DEFAULT_BODY_LIMIT,
      messaging: { kind: 'in-process', broker, prefetch: 10 },
    });
    await app.listen(0, '127.0.0.1');
    url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    services.stop();
  });

  beforeEach(() => {
    services.calls.length = 0;
    listAudit = trailOf(3);
  });

  const asAdmin = (path: string) => request(url).get(path).set('cookie', `pm_admin=${ADMIN_TOKEN}`);
  const asConsole = (path: string, token = CONSOLE_A_TOKEN) => request(url).get(path).set('cookie', `pm_console=${token}`);
  const listCalls = () => services.callsTo(O.LIST_AUDIT) as ListAudit[];

  describe('GET /api/admin/audit', () => {
    it('answers the page onboarding gives for the whole trail, with the filters checked and dates as instants', async () => {
      const response = await asAdmin(
        '/api/admin/audit?actor=%20ops@a.example%20&action=api_key.revoked&target=key-3&from=2026-11-01&to=2026-11-30T12:00:00%2B01:00&limit=2&target=',
      ).expect(400);
      // A repeated parameter is two values, not one: refused, naming it.
      expect(response.body.fields).toEqual({ target: [AUDIT_QUERY_MESSAGES.TARGET] });

      const page = await asAdmin(
        '/api/admin/audit?actor=%20ops@a.example%20&action=api_key.revoked&target=key-3&from=2026-11-01&to=2026-11-30T12:00:00%2B01:00&limit=2',
      ).expect(200);
      expect(page.headers['content-type']).toMatch(/^application\/json/);
      expect((page.body as AuditPage).entries.map((e) => e.seq)).toEqual([3, 2]);
      expect((page.body as AuditPage).nextBefore).toBe(2);
      expect(listCalls()).toEqual([
        {
          scope: { kind: 'admin' },
          query: {
            actor: 'ops@a.example',
            action: 'api_key.revoked',
            target: 'key-3',
            from: '2026-11-01T00:00:00.000Z',
            to: '2026-11-30T11:00:00.000Z',
            limit: 2,
          },
        },
      ]);
    });

    it('leaves blank filters out and passes the cursor on', async () => {
      await asAdmin('/api/admin/audit?actor=&action=&target=%20&from=&to=&before=2').expect(200);
      expect(listCalls()).toEqual([{ scope: { kind: 'admin' }, query: { before: 2 } }]);
    });

    it.each([
      ['action=api_key.stolen', 'action', AUDIT_QUERY_MESSAGES.ACTION],
      [`actor=${'x'.repeat(201)}`, 'actor', AUDIT_QUERY_MESSAGES.ACTOR],
      [`target=${'x'.repeat(201)}`, 'target', AUDIT_QUERY_MESSAGES.TARGET],
      ['from=yesterday', 'from', AUDIT_QUERY_MESSAGES.FROM],
      ['from=2026-11-25T10:00:00', 'from', AUDIT_QUERY_MESSAGES.FROM],
      ['from=2026-02-30', 'from', AUDIT_QUERY_MESSAGES.FROM],
      ['to=2026-13-01', 'to', AUDIT_QUERY_MESSAGES.TO],
      ['from=2026-11-25&to=2026-11-25', 'to', AUDIT_QUERY_MESSAGES.RANGE],
      ['from=2026-11-26T00:00:00Z&to=2026-11-25', 'to', AUDIT_QUERY_MESSAGES.RANGE],
      ['before=0', 'before', AUDIT_QUERY_MESSAGES.BEFORE],
      ['before=abc', 'before', AUDIT_QUERY_MESSAGES.BEFORE],
      ['before=1.5', 'before', AUDIT_QUERY_MESSAGES.BEFORE],
      ['limit=0', 'limit', AUDIT_QUERY_MESSAGES.LIMIT],
      ['limit=201', 'limit', AUDIT_QUERY_MESSAGES.LIMIT],
      ['limit=ten', 'limit', AUDIT_QUERY_MESSAGES.LIMIT],
      ['action=order.refunded&action=company.approved', 'action', AUDIT_QUERY_MESSAGES.ACTION],
      ['companyId=0b7c7f0e-5d7e-4c55-9e49-2f1c1f0b1a11', 'companyId', 'Unknown field: companyId'],
    ])('refuses %s with 400 naming %s, asking onboarding nothing', async (query, field, message) => {
      const response = await asAdmin(`/api/admin/audit?${query}`).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message, fields: { [field]: [message] } });
      expect(listCalls()).toEqual([]);
    });

    it("passes onboarding's own refusal on as a 400", async () => {
      listAudit = () => ({ error: { code: 'invalid', message: 'before is too old', fields: { before: ['before is too old'] } } });
      const response = await asAdmin('/api/admin/audit?before=5').expect(400);
      expect(response.body.fields).toEqual({ before: ['before is too old'] });
    });

    it.each([
      ['no session', {}],
      ['a half-signed-in administrator', { cookie: `pm_admin=${PENDING_ADMIN_TOKEN}` }],
      ['an unknown session', { cookie: `pm_admin=${'z'.repeat(43)}` }],
      ["a company's console session", { cookie: `pm_console=${CONSOLE_A_TOKEN}` }],
      ['a secret key', { authorization: 'Bearer sk_test_0123456789abcdef0123456789abcdef' }],
    ])('refuses %s with 401 on both routes', async (_who, headers: Record<string, string>) => {
      for (const path of ['/api/admin/audit', '/api/admin/audit.csv']) {
        const response = await request(url).get(path).set(headers).expect(401);
        expect([AUTH_MESSAGES.ADMIN_REQUIRED, AUTH_MESSAGES.SECOND_FACTOR_REQUIRED]).toContain(response.body.message);
      }
      expect(listCalls()).toEqual([]);
    });
  });

  describe('GET /api/console/audit', () => {
    it("reads the signed-in company's rows only: the scope is the session's company", async () => {
      await asConsole('/api/console/audit?action=api_key.revoked').expect(200);
      await asConsole('/api/console/audit', CONSOLE_B_TOKEN).expect(200);
      expect(listCalls()).toEqual([
        { scope: { kind: 'company', companyId: COMPANY_A.id }, query: { action: 'api_key.revoked' } },
        { scope: { kind: 'company', companyId: COMPANY_B.id }, query: {} },
      ]);
    });

    it.each(['companyId', 'company', 'scope', 'scope[kind]'])('refuses a %s in the query (400), never widening the scope', async (name) => {
      const response = await asConsole(`/api/console/audit?${encodeURIComponent(name)}=${COMPANY_B.id}`).expect(400);
      expect(Object.keys(response.body.fields as object)).toHaveLength(1);
      expect(JSON.stringify(response.body.fields)).toMatch(/Unknown field/);
      const csv = await asConsole(`/api/console/audit.csv?${encodeURIComponent(name)}=admin`).expect(400);
      expect(JSON.stringify(csv.body.fields)).toMatch(/Unknown field/);
      expect(listCalls()).toEqual([]);
    });

    it('refuses bad filters with 400 naming the field', async () => {
      const response = await asConsole('/api/console/audit?from=2026-11-25T10:00').expect(400);
      expect(response.body.fields).toEqual({ from: [AUDIT_QUERY_MESSAGES.FROM] });
    });

    it.each([
      ['no session', {}],
      ["an administrator's session", { cookie: `pm_admin=${ADMIN_TOKEN}` }],
      ['an unknown console session', { cookie: `pm_console=${'z'.repeat(43)}` }],
      ['a secret key (integrations do not read the trail)', { authorization: 'Bearer sk_test_0123456789abcdef0123456789abcdef' }],
    ])('refuses %s with 401 on both routes', async (_who, headers: Record<string, string>) => {
      for (const path of ['/api/console/audit', '/api/console/audit.csv']) await request(url).get(path).set(headers).expect(401);
      expect(listCalls()).toEqual([]);
    });
  });

  describe('CSV export', () => {
    it('answers text/csv as an attachment named by the date, one row per entry, escaped and formula-safe', async () => {
      listAudit = () => ({
        entries: [
          entry(2, { actor: { type: 'anonymous', id: null, label: '=HYPERLINK("https://evil.example")' }, userAgent: 'a,b\r\nc' }),
          entry(1, { before: null, after: { url: '+https://x.example/hook', events: ['payment.succeeded'] } }),
        ],
        nextBefore: null,
      });
      const response = await asAdmin('/api/admin/audit.csv?action=api_key.revoked').expect(200);

      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="paymarket-audit-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      const [header, ...rest] = response.text.split('\r\n');
      expect(header).toBe(AUDIT_CSV_COLUMNS.join(','));
      expect(response.text).toContain(`anonymous,,"'=HYPERLINK(""https://evil.example"")",203.0.113.7,"a,b\r\nc",api_key,key-2,`);
      expect(response.text).toContain(`,succeeded,,"{""url"":""+https://x.example/hook"",""events"":[""payment.succeeded""]}"\r\n`);
      expect(rest.at(-1)).toBe('');
      expect(listCalls()).toEqual([{ scope: { kind: 'admin' }, query: { action: 'api_key.revoked', limit: 200 } }]);
    });

    it('reads pages of 200 until the end of the trail', async () => {
      listAudit = trailOf(450);
      const response = await asConsole('/api/console/audit.csv?actor=ops@a.example').expect(200);

      const rows = response.text.split('\r\n').slice(1, -1);
      expect(rows).toHaveLength(450);
      expect(rows[0]!.split(',')[0]).toBe('450');
      expect(rows.at(-1)!.split(',')[0]).toBe('1');
      const scope = { kind: 'company', companyId: COMPANY_A.id };
      expect(listCalls()).toEqual([
        { scope, query: { actor: 'ops@a.example', limit: 200 } },
        { scope, query: { actor: 'ops@a.example', limit: 200, before: 251 } },
        { scope, query: { actor: 'ops@a.example', limit: 200, before: 51 } },
      ]);
    });

    it('stops at 10,000 rows, the newest', async () => {
      listAudit = trailOf(12_345);
      const response = await asAdmin('/api/admin/audit.csv').expect(200);

      const rows = response.text.split('\r\n').slice(1, -1);
      expect(rows).toHaveLength(10_000);
      expect(rows[0]!.split(',')[0]).toBe('12345');
      expect(rows.at(-1)!.split(',')[0]).toBe(String(12_345 - 9_999));
      expect(listCalls()).toHaveLength(50);
      expect(listCalls().every((c) => c.query.limit === 200)).toBe(true);
    });

    it('takes the filters only: paging fields are refused naming them', async () => {
      for (const name of ['limit', 'before']) {
        const response = await asAdmin(`/api/admin/audit.csv?${name}=5`).expect(400);
        expect(response.body.fields).toEqual({ [name]: [`Unknown field: ${name}`] });
      }
      const bad = await asAdmin('/api/admin/audit.csv?action=nope').expect(400);
      expect(bad.body.fields).toEqual({ action: [AUDIT_QUERY_MESSAGES.ACTION] });
      expect(bad.headers['content-type']).toMatch(/^application\/json/);
      expect(listCalls()).toEqual([]);
    });
  });
});
