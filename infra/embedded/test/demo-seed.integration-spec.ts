import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import type { SellersShowcase } from '@paymarket/contracts';
import { createTestDatabase, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';
import { startEmbedded, type EmbeddedPayMarket } from '../src/start-embedded.js';

const { Client } = pg;

jest.setTimeout(120_000);

// What `npm start` shows on a first start: the demo catalog on the Stripe emulator's demo accounts.
describe('demo data on a first start', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startEmbedded({
      port: 0,
      host: '127.0.0.1',
      production: false,
      databaseUrl: database.url,
      dataDir: '',
      messaging: testMessagingRuntime(),
      seed: true,
    });
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

  it('gives the demo provider its profile on a data folder seeded before providers had one', async () => {
    // As an older version left it: the provider without its application.
    await app.close();
    const pg = new Client({ connectionString: database.url });
    await pg.connect();
    try {
      await pg.query(`UPDATE catalog.print_providers SET application_id = NULL WHERE name = 'Demo Print Co.'`);
      await pg.query(`DELETE FROM catalog.provider_applications WHERE business_name = 'Demo Print Co.'`);
    } finally {
      await pg.end();
    }
    app = await startEmbedded({
      port: 0,
      host: '127.0.0.1',
      production: false,
      databaseUrl: database.url,
      dataDir: '',
      messaging: testMessagingRuntime(),
      seed: true,
    });
    const providers = (await request(app.url).get('/api/print-providers').expect(200)).body as Array<{ name: string }>;
    expect(providers.filter((p) => p.name === 'Demo Print Co.')).toEqual([expect.objectContaining({ contactName: 'Dana Reyes' })]);
  });
});
