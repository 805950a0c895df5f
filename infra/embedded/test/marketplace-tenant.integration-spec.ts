import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import {
  API_KEY_MESSAGES_V1,
  MARKETPLACE_TENANT_MESSAGES as M,
  type CreatedApiKey,
  type EmbedMarketplace,
  type MailboxMessage,
  type MarketplaceConsoleResponse,
  type MarketplaceUpdatedPayload,
  type MarketplaceView,
  type SetupMarketplaceResponse,
} from '@paymarket/contracts';
import { RpcPatterns } from '@paymarket/contracts';
import { auditRows } from '@paymarket/onboarding/testing';
import { createMessagingClient, RpcClient, type MessagingRuntime } from '@paymarket/platform';
import { eventually, testMessagingRuntime } from '@paymarket/platform/testing';
import type { EmbeddedPayMarket } from '../src/start-embedded.js';
import { approvedCompany, ipsFrom, startTestApp, type ApprovedCompany, type TestApp } from './support/integrator-test-app.js';

jest.setTimeout(180_000);

const freshIp = ipsFrom('10.91');
// In the Stripe emulator: Maple Ink can receive transfers, Restricted Prints cannot (infra/stripe-emulator accounts.ts).
const VALID_ACCOUNT = 'acct_1PMDemoMapleInk0002';
const RESTRICTED_ACCOUNT = 'acct_1PMDemoRestricted03';
const UNKNOWN_ACCOUNT = 'acct_1PMDemoNoSuchAcct99';

// ADR 0051 over HTTP on a real PostgreSQL: a company's console attaches a marketplace registered with its contact
// email, then changes its domains, branding, fee terms and payout account; each change is one marketplace.updated in
// onboarding's outbox, with the next version.
describe('a marketplace is a tenant of a company (ADR 0051)', () => {
  let testApp: TestApp;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  const run = Date.now().toString(36);
  let acme: ApprovedCompany;
  let globex: ApprovedCompany;
  let initech: ApprovedCompany;
  // Onboarding's RPC as the gateway's embed routes call it (ADR 0052).
  let rpc: RpcClient;
  let closeRpc: () => Promise<void>;

  const as = (secret: string) => ({
    get: () => request(app.url).get('/api/v1/marketplace').set('authorization', `Bearer ${secret}`).set('x-forwarded-for', freshIp()),
    attach: (marketplaceId: string) =>
      request(app.url)
        .post('/api/v1/marketplace/attach')
        .set('authorization', `Bearer ${secret}`)
        .set('x-forwarded-for', freshIp())
        .send({ marketplaceId }),
    patch: (body: object) =>
      request(app.url).patch('/api/v1/marketplace').set('authorization', `Bearer ${secret}`).set('x-forwarded-for', freshIp()).send(body),
  });

  async function register(domain: string, contactEmail: string, extra: object = {}): Promise<string> {
    const response = await request(app.url)
      .post('/api/setup-marketplace')
      .set('x-forwarded-for', freshIp())
      .send({ companyName: 'Tenant Co', marketplaceDomain: domain, contactEmail, adminEmail: `admin.${run}@tenant.example`, ...extra })
      .expect(201);
    return (response.body as SetupMarketplaceResponse).marketplace.id;
  }

  const row = async (id: string) =>
    (await db.query('SELECT * FROM onboarding.marketplaces WHERE id = $1', [id])).rows[0] as Record<string, unknown>;
  const domainsOf = async (id: string) =>
    (await db.query('SELECT domain FROM onboarding.marketplace_domains WHERE marketplace_id = $1 ORDER BY position', [id])).rows.map(
      (r: { domain: string }) => r.domain,
    );
  const events = async (id: string) =>
    (
      await db.query(
        `SELECT payload FROM onboarding.outbox WHERE name = 'marketplace.updated' AND payload->>'marketplaceId' = $1 ORDER BY occurred_at, id`,
        [id],
      )
    ).rows.map((r: { payload: MarketplaceUpdatedPayload }) => r.payload);

  /**
   * Holds the marketplaces' rows in a transaction of its own until two requests wait on a lock, then lets go: the
   * requests are then sure to run their checks concurrently (without it, two HTTP calls often just run one after the other).
   */
  async function whileLocked(ids: string[], start: () => request.Test[]): Promise<request.Response[]> {
    const holder = new pg.Client({ connectionString: testApp.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM onboarding.marketplaces WHERE id = ANY($1::uuid[]) FOR UPDATE', [ids]);
      const pending = start().map((r) => r.then((response) => response));
      await eventually(
        async () => {
          const waiting = await db.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return (waiting.rows[0] as { n: number }).n >= 2 ? true : undefined;
        },
        15_000,
        'both attaches waiting on a lock',
      );
      await holder.query('COMMIT');
      return await Promise.all(pending);
    } finally {
      await holder.end();
    }
  }

  beforeAll(async () => {
    const messaging: MessagingRuntime = testMessagingRuntime();
    testApp = await startTestApp({ messaging });
    ({ app, db } = testApp);
    const proxy = createMessagingClient(messaging);
    rpc = new RpcClient(proxy, 10_000, 'test');
    closeRpc = () => proxy.close() as Promise<void>;
    acme = await approvedCompany(app.url, 'Acme Tenant', freshIp(), run);
    globex = await approvedCompany(app.url, 'Globex Tenant', freshIp(), run);
    initech = await approvedCompany(app.url, 'Initech Tenant', freshIp(), run);
  });

  afterAll(async () => {
    await closeRpc?.();
    await testApp?.close();
  });

  it('lists as candidates only the unattached marketplaces registered with the company contact email', async () => {
    const mine = await register(`cand-${run}.example.com`, acme.email.toUpperCase());
    const asAdmin = await register(`cand-admin-${run}.example.com`, `x.${run}@elsewhere.example`, { adminEmail: acme.email });
    await register(`cand-other-${run}.example.com`, globex.email);

    const answer = (await as(acme.secretKey).get().expect(200)).body as MarketplaceConsoleResponse;

    expect(answer.marketplace).toBeNull();
    expect(answer.candidates.map((c) => c.id).sort()).toEqual([mine, asAdmin].sort());
    expect(answer.candidates.find((c) => c.id === mine)).toMatchObject({ domain: `cand-${run}.example.com`, companyName: 'Tenant Co' });
  });

  it('attaches only a candidate: another email 404, a second one or an attached one 409; publishes marketplace.updated', async () => {
    const candidates = ((await as(acme.secretKey).get().expect(200)).body as MarketplaceConsoleResponse).candidates;
    const globexOwn = await register(`globex-${run}.example.com`, globex.email);

    const foreign = await as(acme.secretKey).attach(globexOwn).expect(404);
    expect(foreign.body).toMatchObject({ message: M.NOT_ATTACHABLE, fields: { marketplaceId: [M.NOT_ATTACHABLE] } });
    await as(acme.secretKey).attach('00000000-0000-4000-8000-00000000beef').expect(404);
    expect((await as(acme.secretKey).attach('not-a-uuid').expect(400)).body.fields).toHaveProperty('marketplaceId');

    const attached = (await as(acme.secretKey).attach(candidates[0]!.id).expect(200)).body as MarketplaceView;
    expect(attached).toMatchObject({ id: candidates[0]!.id, version: 2, acceptingOrders: true, notice: null });
    expect(await row(attached.id)).toMatchObject({ company_id: acme.id, version: 2 });
    expect(await events(attached.id)).toEqual([
      expect.objectContaining({ marketplaceId: attached.id, companyId: acme.id, version: 2, domains: [attached.primaryDomain] }),
    ]);

    const second = await as(acme.secretKey).attach(candidates[1]!.id).expect(409);
    expect(second.body.message).toBe(M.COMPANY_HAS_MARKETPLACE);
    expect(await row(candidates[1]!.id)).toMatchObject({ company_id: null, version: 1 });

    const mine = (await as(acme.secretKey).get().expect(200)).body as MarketplaceConsoleResponse;
    expect(mine).toEqual({ marketplace: attached, candidates: [] });
    // Another company sees none of it: no id in the path, only its own (none) and its own candidates.
    const theirs = (await as(globex.secretKey).get().expect(200)).body as MarketplaceConsoleResponse;
    expect(theirs.marketplace).toBeNull();
    expect(JSON.stringify(theirs)).not.toContain(attached.id);
    await as(globex.secretKey).attach(attached.id).expect(404);
    await as(globex.secretKey).patch({ displayName: 'Hijacked' }).expect(404);
    expect(await row(attached.id)).toMatchObject({ company_id: acme.id, display_name: 'Tenant Co', version: 2 });
  });

  it('lets exactly one of two companies attach a marketplace registered with both their emails at once', async () => {
    const shared = await register(`shared-${run}.example.com`, globex.email, { adminEmail: initech.email });

    // The marketplace row is held by another transaction until both attaches wait for it: they truly overlap.
    const answers = await whileLocked([shared], () => [as(globex.secretKey).attach(shared), as(initech.secretKey).attach(shared)]);

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(M.ALREADY_ATTACHED_TO_OTHER);
    const winner = answers.find((a) => a.status === 200)!.body as MarketplaceView;
    expect(winner.version).toBe(2);
    expect(await events(shared)).toHaveLength(1);
  });

  it('lets one company attach only one of two marketplaces when it tries both at once', async () => {
    const umbrella = await approvedCompany(app.url, 'Umbrella Tenant', freshIp(), run);
    const one = await register(`one-${run}.example.com`, umbrella.email);
    const two = await register(`two-${run}.example.com`, umbrella.email);

    const answers = await whileLocked([one, two], () => [as(umbrella.secretKey).attach(one), as(umbrella.secretKey).attach(two)]);

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const attached = (await db.query('SELECT id FROM onboarding.marketplaces WHERE company_id = $1', [umbrella.id])).rows;
    expect(attached).toHaveLength(1);
  });

  it('stores a change and publishes one marketplace.updated with the next version; an unchanged PATCH publishes nothing', async () => {
    const { marketplace } = (await as(acme.secretKey).get().expect(200)).body as MarketplaceConsoleResponse;
    const id = marketplace!.id;
    const primary = marketplace!.primaryDomain;
    const ip = freshIp();

    const view = (
      await as(acme.secretKey)
        .patch({
          displayName: '  Acme Market  ',
          accentColor: '#4F46E5',
          logoUrl: 'https://cdn.acme.example/logo.png',
          domains: [primary, `WWW.Acme-${run}.example.com`],
          customFees: true,
          transactionFeeUsd: '2.50',
          transactionFeeCad: '3.10',
          platformFee: '7.5',
        })
        .set('idempotency-key', `patch-${run}`)
        .set('x-forwarded-for', ip)
        .set('user-agent', 'acme-admin-script/2.0')
        .expect(200)
    ).body as MarketplaceView;

    expect(view).toMatchObject({
      version: 3,
      domains: [primary, `www.acme-${run}.example.com`],
      branding: { displayName: 'Acme Market', accentColor: '#4f46e5', logoUrl: 'https://cdn.acme.example/logo.png' },
      fees: { customFees: true, transactionFee: { usd: '2.50', cad: '3.10' }, platformFee: '7.5' },
      acceptingOrders: false,
      notice: M.PAYOUT_ACCOUNT_REQUIRED,
    });
    expect(await row(id)).toMatchObject({
      display_name: 'Acme Market',
      accent_color: '#4f46e5',
      transaction_fee_usd_minor: 250,
      transaction_fee_cad_minor: 310,
      platform_fee_bps: 750,
      version: 3,
    });
    expect(await domainsOf(id)).toEqual([primary, `www.acme-${run}.example.com`]);
    const published = await events(id);
    expect(published.map((e) => e.version)).toEqual([2, 3]);
    expect(published[1]).toMatchObject({
      companyId: acme.id,
      customFees: true,
      transactionFeeMinor: { usd: 250, cad: 310 },
      platformFeeBps: 750,
      payoutAccountId: null,
    });

    // The same key and body: the first answer again, nothing more published.
    const again = await as(acme.secretKey)
      .patch({
        displayName: '  Acme Market  ',
        accentColor: '#4F46E5',
        logoUrl: 'https://cdn.acme.example/logo.png',
        domains: [primary, `WWW.Acme-${run}.example.com`],
        customFees: true,
        transactionFeeUsd: '2.50',
        transactionFeeCad: '3.10',
        platformFee: '7.5',
      })
      .set('idempotency-key', `patch-${run}`)
      .expect(200);
    expect(again.body).toEqual(view);
    // The same values without a key: nothing changes, nothing is published.
    expect(
      ((await as(acme.secretKey).patch({ displayName: 'Acme Market', customFees: true }).expect(200)).body as MarketplaceView).version,
    ).toBe(3);
    expect(await events(id)).toHaveLength(2);
    // One audit row (ADR 0075) for the fee terms, by the calling key, in the company's trail; branding and domains are
    // not audited, and the repeat and the unchanged PATCH recorded nothing.
    const keyId = (
      (await request(app.url).get('/api/v1/account').set('authorization', `Bearer ${acme.secretKey}`).expect(200)).body as {
        keyId: string;
      }
    ).keyId;
    expect(await auditRows(db, { targetId: id })).toEqual([
      {
        action: 'marketplace.terms_changed',
        actor: { type: 'api_key', id: keyId, label: `API key ${keyId}` },
        ip,
        userAgent: 'acme-admin-script/2.0',
        target: { type: 'marketplace', id },
        companyId: acme.id,
        outcome: 'succeeded',
        before: { customFees: false, transactionFeeUsdMinor: null, transactionFeeCadMinor: null, platformFeeBps: null },
        after: { customFees: true, transactionFeeUsdMinor: 250, transactionFeeCadMinor: 310, platformFeeBps: 750 },
      },
    ]);

    // The embed lookup finds it by either domain.
    const embedded = (await rpc.call(RpcPatterns.onboarding.EMBED_MARKETPLACE, {
      domain: `www.acme-${run}.example.com`,
    })) as EmbedMarketplace;
    expect(embedded).toMatchObject({ id, companyId: acme.id, displayName: 'Acme Market', acceptingOrders: false, version: 3 });
  });

  it("refuses another marketplace's domain with 409 naming domains, and stores nothing", async () => {
    const { marketplace } = (await as(acme.secretKey).get().expect(200)).body as MarketplaceConsoleResponse;
    const before = await row(marketplace!.id);
    const taken = `globex-${run}.example.com`;

    const response = await as(acme.secretKey)
      .patch({ displayName: 'Taken over', domains: [marketplace!.primaryDomain, taken] })
      .expect(409);

    expect(response.body).toMatchObject({ message: M.DOMAIN_TAKEN(taken), fields: { domains: [M.DOMAIN_TAKEN(taken)] } });
    expect(await row(marketplace!.id)).toEqual(before);
    expect(await domainsOf(marketplace!.id)).toEqual(marketplace!.domains);
    expect(await events(marketplace!.id)).toHaveLength(2);
  });

  it.each([
    ['an unknown account', UNKNOWN_ACCOUNT],
    ['an account that cannot receive transfers', RESTRICTED_ACCOUNT],
  ])('refuses %s with 422 naming payoutAccountId, and stores nothing', async (_what, account) => {
    const { marketplace } = (await as(acme.secretKey).get().expect(200)).body as MarketplaceConsoleResponse;
    const before = await row(marketplace!.id);

    const response = await as(acme.secretKey).patch({ displayName: 'Paid elsewhere', payoutAccountId: account }).expect(422);

    expect(Object.keys(response.body.fields)).toEqual(['payoutAccountId']);
    expect(await row(marketplace!.id)).toEqual(before);
    expect(await events(marketplace!.id)).toHaveLength(2);
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const { marketplace } = (await as(acme.secretKey).get().expect(200)).body as MarketplaceConsoleResponse;
    const before = await row(marketplace!.id);
    for (const [field, body] of [
      ['domains', { domains: ['not a domain'] }],
      ['domains', { domains: [] }],
      ['accentColor', { accentColor: 'blue' }],
      ['logoUrl', { logoUrl: 'http://insecure.example/logo.png' }],
      ['platformFee', { platformFee: '120' }],
      ['transactionFeeCad', { transactionFeeCad: '-1' }],
      ['payoutAccountId', { payoutAccountId: 'not-an-account' }],
    ] as const) {
      const response = await as(acme.secretKey).patch(body).expect(400);
      expect(Object.keys(response.body.fields)).toEqual([field]);
    }
    expect(await row(marketplace!.id)).toEqual(before);
  });

  it('accepts a payout account the emulator says can receive transfers; the marketplace then accepts orders', async () => {
    const { marketplace } = (await as(acme.secretKey).get().expect(200)).body as MarketplaceConsoleResponse;

    const view = (await as(acme.secretKey).patch({ payoutAccountId: VALID_ACCOUNT }).expect(200)).body as MarketplaceView;

    expect(view).toMatchObject({ payoutAccountId: VALID_ACCOUNT, acceptingOrders: true, notice: null, version: 4 });
    expect(await row(marketplace!.id)).toMatchObject({ payout_account_id: VALID_ACCOUNT, version: 4 });
    expect((await events(marketplace!.id)).at(-1)).toMatchObject({ payoutAccountId: VALID_ACCOUNT, version: 4 });

    const removed = (await as(acme.secretKey).patch({ payoutAccountId: null }).expect(200)).body as MarketplaceView;
    expect(removed).toMatchObject({ payoutAccountId: null, acceptingOrders: false, notice: M.PAYOUT_ACCOUNT_REQUIRED, version: 5 });
    // A row each (ADR 0075): the payout account's id before and after, never anything of the account's owner.
    const changes = await auditRows(db, { action: 'marketplace.payout_account_changed', targetId: marketplace!.id });
    expect(changes.map((c) => [c.before, c.after, c.companyId])).toEqual([
      [{ payoutAccountId: null }, { payoutAccountId: VALID_ACCOUNT }, acme.id],
      [{ payoutAccountId: VALID_ACCOUNT }, { payoutAccountId: null }, acme.id],
    ]);
  });

  it('lets a read-only key read the marketplace and refuses its writes (403); the console session works as a key does', async () => {
    const readOnly = (
      await request(app.url)
        .post('/api/v1/api-keys')
        .set('authorization', `Bearer ${acme.secretKey}`)
        .set('x-forwarded-for', freshIp())
        .send({ name: 'Reporting', access: 'read_only' })
        .expect(201)
    ).body as CreatedApiKey;
    const read = (await as(readOnly.secret).get().expect(200)).body as MarketplaceConsoleResponse;
    expect(read.marketplace?.branding.displayName).toBe('Acme Market');
    expect((await as(readOnly.secret).patch({ displayName: 'Nope' }).expect(403)).body.message).toBe(API_KEY_MESSAGES_V1.READ_ONLY);
    await as(readOnly.secret).attach(read.marketplace!.id).expect(403);
    await request(app.url).get('/api/v1/marketplace').set('x-forwarded-for', freshIp()).expect(401);

    const cookie = await consoleSession(acme.email);
    const console = (await request(app.url).get('/api/v1/marketplace').set('cookie', cookie).set('x-forwarded-for', freshIp()).expect(200))
      .body as MarketplaceConsoleResponse;
    expect(console.marketplace?.id).toBe(read.marketplace!.id);
    const renamed = await request(app.url)
      .patch('/api/v1/marketplace')
      .set('cookie', cookie)
      .set('x-forwarded-for', freshIp())
      .send({ displayName: 'Acme Console' })
      .expect(200);
    expect((renamed.body as MarketplaceView).branding.displayName).toBe('Acme Console');
  });

  async function consoleSession(email: string): Promise<string> {
    await request(app.url).post('/api/console/sign-in/code').set('x-forwarded-for', freshIp()).send({ email }).expect(202);
    const mail = await eventually(
      async () => {
        const response = await request(app.url).get('/api/dev/mailbox?limit=200').expect(200);
        return (response.body as MailboxMessage[]).find((m) => m.to === email && m.subject.includes('developer console code'));
      },
      10_000,
      'the console code email',
    );
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const verified = await request(app.url)
      .post('/api/console/sign-in/verify')
      .set('x-forwarded-for', freshIp())
      .send({ email, code })
      .expect(200);
    return String(verified.headers['set-cookie']).split(';')[0]!;
  }
});
