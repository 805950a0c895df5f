import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import pg from 'pg';
import request from 'supertest';
import { firstBudgetCents, type BuyerRequestListResponse, type SellersShowcase } from '@paymarket/contracts';
import { startServiceApp } from '@paymarket/platform';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';
import { DEMO_BUYER_ID_PREFIX, requestsService, SEED_BUYER_REQUESTS } from '@paymarket/requests';
import { startEmbedded, type EmbeddedOptions, type EmbeddedPayMarket } from '../src/start-embedded.js';

const { Client } = pg;

jest.setTimeout(120_000);

/** The launcher's options for a start on `databaseUrl` (`npm start` sets seed unless production or PAYMARKET_SEED=false). */
function options(databaseUrl: string, overrides: Partial<EmbeddedOptions> = {}): EmbeddedOptions {
  return {
    port: 0,
    host: '127.0.0.1',
    production: false,
    databaseUrl,
    dataDir: '',
    messaging: testMessagingRuntime(),
    seed: true,
    ...overrides,
  };
}

async function sql<T = Record<string, unknown>>(databaseUrl: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The board as a signed-out visitor reads it: through the gateway's cached public read (ADR 0044). */
async function board(url: string, query = ''): Promise<BuyerRequestListResponse> {
  const response = await request(url).get(`/api/buyer-requests${query}`).expect(200);
  expect(response.headers['cache-control']).toBe('public, no-cache');
  return response.body as BuyerRequestListResponse;
}

const DEMO_IDS = SEED_BUYER_REQUESTS.map((r) => r.id);
// The board lists newest first: the last demo request posted is the first card.
const NEWEST_FIRST = [...DEMO_IDS].reverse();

// What `npm start` shows on a first start: the demo catalog on the Stripe emulator's demo accounts, and demo buyer
// requests on the board.
describe('demo data on a first start', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startEmbedded(options(database.url));
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('lists one seller per category, with Harbour Print Works payable on its demo payout account', async () => {
    const showcase = (await request(app.url).get('/api/sellers-showcase?limit=50').expect(200)).body as SellersShowcase;
    expect(showcase.stats.total).toBe(8);
    const payable = showcase.sellers.filter((s) => s.payable).map((s) => s.businessName);
    expect(payable).toEqual(['Harbour Print Works']);
    // The account the seed names exists at the (emulated) Stripe and can receive transfers.
    const check = await request(app.url).post('/api/validate-stripe-account').send({ stripeAccountId: 'acct_1PMDemoHarbour00004' });
    expect(check.body).toMatchObject({ valid: true });
  });

  it('offers the demo print provider for payment', async () => {
    const providers = (await request(app.url).get('/api/print-providers').expect(200)).body as Array<{ name: string }>;
    expect(providers.map((p) => p.name)).toContain('Demo Print Co.');
    // With the public profile of its (seeded, approved) application, for the Print Providers page.
    expect(providers.find((p) => p.name === 'Demo Print Co.')).toMatchObject({
      stripeAccountId: 'acct_1PMDemoPrintCo00001',
      contactName: 'Dana Reyes',
      email: 'payouts@demoprint.example.com',
      location: expect.stringContaining('Toronto'),
      description: expect.stringContaining('print shop'),
    });
  });

  it("lists the demo buyer requests on the board's first page, stored and announced as a buyer's posts", async () => {
    // The page a visitor's /buyer-requests shows first (the live view's six cards), then the API's default page.
    const firstView = await board(app.url, '?limit=6');
    expect(firstView.requests.map((r) => r.id)).toEqual(NEWEST_FIRST);
    expect(firstView.requests[0]).toMatchObject({ title: '250 business cards for a neighbourhood bakery', buyerName: 'Chloé Martin' });
    expect(firstView.stats.total).toBe(6);
    expect(Object.values(firstView.stats.categories)).toEqual([1, 1, 1, 1, 1, 1]);
    const page = await board(app.url);
    expect(page.requests.map((r) => r.id)).toEqual(NEWEST_FIRST);
    expect(page.nextCursor).toBeNull();
    for (const seed of SEED_BUYER_REQUESTS) {
      const card = page.requests.find((r) => r.id === seed.id);
      expect(card).toMatchObject({ ...seed.input, buyerName: seed.buyer.name, mine: false });
      // The buyer's email stays on the server, as for every card.
      expect(card).not.toHaveProperty('buyerEmail');
    }
    // The board's filters see them as they see any post (the budget parsed at write time).
    expect((await board(app.url, '?budget=under-100')).requests.map((r) => r.title)).toEqual([
      '250 business cards for a neighbourhood bakery',
    ]);
    expect((await board(app.url, '?category=packaging')).requests.map((r) => r.id)).toEqual([DEMO_IDS[0]]);

    const rows = await sql<{ id: string; buyer_id: string; buyer_email: string; budget: string; budget_min_cents: string | null }>(
      database.url,
      `SELECT id, buyer_id, buyer_email, budget, budget_min_cents::text AS budget_min_cents FROM requests.buyer_requests ORDER BY seq`,
    );
    expect(rows.map((r) => r.id)).toEqual(DEMO_IDS);
    for (const row of rows) {
      // Marked as demo data: a buyer id onboarding never issues, an address nobody receives mail at.
      expect(row.buyer_id.startsWith(DEMO_BUYER_ID_PREFIX)).toBe(true);
      expect(row.buyer_email).toMatch(/\.example\.com$/);
      expect(row.budget_min_cents).toBe(String(firstBudgetCents(row.budget)));
    }
    // Announced like any post (request.posted), so a gateway already caching the board drops its page.
    await eventually(
      async () => {
        const sent = await sql(
          database.url,
          `SELECT 1 FROM requests.outbox WHERE name = 'request.posted' AND payload->>'requestId' = ANY($1) AND sent_at IS NOT NULL`,
          [DEMO_IDS],
        );
        return sent.length === DEMO_IDS.length ? true : undefined;
      },
      10_000,
      'the demo posts announced',
    );
    // Nobody is emailed about them.
    const buyers = SEED_BUYER_REQUESTS.map((r) => r.buyer.email);
    expect(await sql(database.url, `SELECT 1 FROM notifications.emails WHERE to_address = ANY($1)`, [buyers])).toEqual([]);
  });

  it('gives the demo provider its profile on a data folder seeded before providers had one', async () => {
    // As an older version left it: the provider without its application.
    await app.close();
    await sql(database.url, `UPDATE catalog.print_providers SET application_id = NULL WHERE name = 'Demo Print Co.'`);
    await sql(database.url, `DELETE FROM catalog.provider_applications WHERE business_name = 'Demo Print Co.'`);
    app = await startEmbedded(options(database.url));
    const providers = (await request(app.url).get('/api/print-providers').expect(200)).body as Array<{ name: string }>;
    expect(providers.filter((p) => p.name === 'Demo Print Co.')).toEqual([expect.objectContaining({ contactName: 'Dana Reyes' })]);
  });

  it('adds nothing on later starts, and a deleted demo request stays deleted', async () => {
    expect((await board(app.url)).stats.total).toBe(6);
    await app.close();
    // As its owner's delete leaves it: soft-deleted, the row kept.
    await sql(database.url, `UPDATE requests.buyer_requests SET deleted_at = now(), updated_at = now() WHERE id = $1`, [DEMO_IDS[0]]);
    app = await startEmbedded(options(database.url));
    const page = await board(app.url);
    expect(page.requests.map((r) => r.id)).toEqual(NEWEST_FIRST.slice(0, -1));
    expect(page.stats.total).toBe(5);
    expect(await sql(database.url, `SELECT id FROM requests.buyer_requests`)).toHaveLength(6);
    expect(((await request(app.url).get('/api/sellers-showcase?limit=50').expect(200)).body as SellersShowcase).stats.total).toBe(8);
  });
});

// A requests process that seeds after the gateway is serving the board (cluster mode, PAYMARKET_SEED=true): the
// gateway's cached page is dropped by the seed's request.posted events, not left until it expires.
describe('demo requests seeded while the gateway caches the board', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let seeding: INestMicroservice | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startEmbedded(options(database.url, { seed: false }));
  });

  afterAll(async () => {
    await seeding?.close();
    await app?.close();
    await database?.drop();
  });

  it('shows them to the next visitor, and two seeding processes post them once', async () => {
    const warmed = Date.now();
    const empty = await request(app.url).get('/api/buyer-requests?limit=6').expect(200);
    expect((empty.body as BuyerRequestListResponse).stats.total).toBe(0);
    // Served from the gateway's cache from now on.
    expect((await request(app.url).get('/api/buyer-requests?limit=6').expect(200)).headers.etag).toBe(empty.headers.etag);

    const config = {
      service: requestsService.name,
      databaseUrl: app.databaseUrl,
      messaging: app.messaging,
      rpcTimeoutMs: 10_000,
      production: false,
      outboxPollMs: 1_000,
      seed: true,
    };
    // Two replicas starting at once: the seed lock lets one post, the other finds the board no longer empty.
    const [first, second] = await Promise.all([
      startServiceApp(requestsService.module(config), config),
      startServiceApp(requestsService.module(config), config),
    ]);
    await second.close();
    seeding = first;
    await eventually(
      async () => ((await board(app.url, '?limit=6')).requests.length === 6 ? true : undefined),
      10_000,
      'the demo requests on the cached board',
    );
    // Well inside the 5 s cache TTL: the events, not the expiry, dropped the page.
    expect(Date.now() - warmed).toBeLessThan(4_000);
    expect((await board(app.url, '?limit=6')).requests.map((r) => r.id)).toEqual(NEWEST_FIRST);
    expect(await sql(database.url, `SELECT id FROM requests.buyer_requests`)).toHaveLength(6);
  });
});

// NODE_ENV=production: no demo data, even when asked for it.
describe('demo data in production', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;

  const webhookKeys = process.env.WEBHOOK_SECRET_KEYS;
  const adminFactorKeys = process.env.ADMIN_FACTOR_KEYS;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The secrets production refuses to start without.
    process.env.WEBHOOK_SECRET_KEYS = `demo-seed:${randomBytes(32).toString('base64')}`;
    process.env.ADMIN_FACTOR_KEYS = `demo-seed:${randomBytes(32).toString('base64')}`;
    app = await startEmbedded(options(database.url, { production: true, embedTokenSecret: randomBytes(32).toString('hex') }));
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (webhookKeys === undefined) delete process.env.WEBHOOK_SECRET_KEYS;
    else process.env.WEBHOOK_SECRET_KEYS = webhookKeys;
    if (adminFactorKeys === undefined) delete process.env.ADMIN_FACTOR_KEYS;
    else process.env.ADMIN_FACTOR_KEYS = adminFactorKeys;
  });

  it('seeds nothing: no sellers, providers or buyer requests', async () => {
    expect((await board(app.url)).stats.total).toBe(0);
    expect(((await request(app.url).get('/api/sellers-showcase').expect(200)).body as SellersShowcase).stats.total).toBe(0);
    expect((await request(app.url).get('/api/print-providers').expect(200)).body).toEqual([]);
    expect(await sql(database.url, `SELECT id FROM requests.buyer_requests`)).toEqual([]);
    expect(await sql(database.url, `SELECT id FROM catalog.sellers UNION ALL SELECT id FROM catalog.print_providers`)).toEqual([]);
  });
});
