import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import {
  MARKETPLACE_MESSAGES,
  type IntegrationInfoResponse,
  type MailboxMessage,
  type SetupMarketplaceResponse,
} from '@paymarket/contracts';
import { startEmbedded, type EmbeddedPayMarket } from '@paymarket/embedded';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';

jest.setTimeout(90_000);

// The whole product in one process over HTTP against a real PostgreSQL: gateway → onboarding → outbox → notifications.
describe('white-label marketplace registration, end to end over HTTP', () => {
  let database: TestDatabase;
  let app: EmbeddedPayMarket;
  let db: pg.Client;
  const run = Date.now().toString(36);
  let client = 0;

  const mailboxFor = async (email: string): Promise<MailboxMessage[]> => {
    const response = await request(app.url).get('/api/dev/mailbox?limit=200').expect(200);
    return (response.body as MailboxMessage[]).filter((m) => m.to === email);
  };
  // Each call comes from its own simulated client so the public-form rate limit never decides a test.
  const setup = (body: object) =>
    request(app.url).post('/api/setup-marketplace').set('X-Forwarded-For', `203.0.113.${++client}`).send(body);
  const stored = async (domain: string) => (await db.query('SELECT * FROM onboarding.marketplaces WHERE domain = $1', [domain])).rows;
  const valid = (domain: string) => ({
    companyName: 'Acme Prints',
    marketplaceDomain: domain,
    contactEmail: `hello.${run}@acme.example`,
    adminEmail: `admin.${run}@acme.example`,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startEmbedded({
      trustProxy: true,
      port: 0,
      host: '127.0.0.1',
      production: false,
      databaseUrl: database.url,
      dataDir: '',
      messaging: testMessagingRuntime(),
    });
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
    await database?.drop();
  });

  it('registers a marketplace with the defaults, answers a message naming the company, and emails contact and admin', async () => {
    const domain = `shop-${run}.acme.example`;
    const response = await setup({ ...valid(`https://Shop-${run}.Acme.Example/store`), businessType: 'marketplace' }).expect(201);
    const body = response.body as SetupMarketplaceResponse;

    expect(body.success).toBe(true);
    expect(body.message).toContain('Acme Prints');
    expect(body.marketplace).toMatchObject({
      marketplaceDomain: domain,
      customBranding: true,
      whiteLabel: false,
      apiAccess: false,
      customFees: false,
      transactionFee: null,
    });
    expect(await stored(domain)).toEqual([
      expect.objectContaining({
        id: body.marketplace.id,
        company_name: 'Acme Prints',
        business_type: 'marketplace',
        custom_fees: false,
        transaction_fee_usd_minor: null,
        transaction_fee_cad_minor: null,
        platform_fee_bps: null,
        company_id: null,
        display_name: 'Acme Prints',
        version: 1,
      }),
    ]);
    const domains = await db.query('SELECT domain, position FROM onboarding.marketplace_domains WHERE marketplace_id = $1', [
      body.marketplace.id,
    ]);
    expect(domains.rows).toEqual([{ domain, position: 0 }]);

    for (const to of [`hello.${run}@acme.example`, `admin.${run}@acme.example`]) {
      const email = await eventually(
        async () => (await mailboxFor(to)).find((m) => m.subject.includes('Acme Prints')),
        10_000,
        `the confirmation to ${to}`,
      );
      expect(email.text).toContain(domain);
    }
  });

  it('stores custom fees as integer minor units and basis points', async () => {
    const domain = `fees-${run}.example.com`;
    const response = await setup({ ...valid(domain), customFees: true, transactionFee: '2.75', platformFee: 7.5 }).expect(201);
    expect((response.body as SetupMarketplaceResponse).marketplace).toMatchObject({
      customFees: true,
      transactionFee: '2.75',
      platformFee: '7.5',
    });
    // One fee at registration, for both currencies (ADR 0051: the console sets them apart).
    expect(await stored(domain)).toEqual([
      expect.objectContaining({ transaction_fee_usd_minor: 275, transaction_fee_cad_minor: 275, platform_fee_bps: 750 }),
    ]);
  });

  it('applies the 3.56 and 5% defaults when customFees is on without fee fields', async () => {
    const domain = `defaults-${run}.example.com`;
    await setup({ ...valid(domain), customFees: true }).expect(201);
    expect(await stored(domain)).toEqual([
      expect.objectContaining({ transaction_fee_usd_minor: 356, transaction_fee_cad_minor: 356, platform_fee_bps: 500 }),
    ]);
  });

  it('refuses a second registration of the same domain with 409, whatever its spelling', async () => {
    const domain = `dup-${run}.example.com`;
    await setup(valid(domain)).expect(201);
    const response = await setup({ ...valid(`HTTP://DUP-${run}.example.com/`), companyName: 'Copycat' }).expect(409);
    expect(response.body.message).toBe(`A marketplace is already registered for ${domain}.`);
    expect(response.body.fields).toEqual({ marketplaceDomain: [response.body.message] });
    expect(await stored(domain)).toHaveLength(1);
  });

  it('refuses a domain another marketplace lists as an extra domain with the same 409, and stores nothing', async () => {
    const owner = `owner-${run}.example.com`;
    const extra = `extra-${run}.example.com`;
    const registered = (await setup(valid(owner)).expect(201)).body as SetupMarketplaceResponse;
    await db.query('INSERT INTO onboarding.marketplace_domains (domain, marketplace_id, position) VALUES ($1, $2, 1)', [
      extra,
      registered.marketplace.id,
    ]);
    const response = await setup({ ...valid(extra), companyName: 'Squatter' }).expect(409);
    expect(response.body.message).toBe(`A marketplace is already registered for ${extra}.`);
    expect(response.body.fields).toEqual({ marketplaceDomain: [response.body.message] });
    expect(await stored(extra)).toHaveLength(0);
  });

  it.each([
    ['companyName', { companyName: '' }, MARKETPLACE_MESSAGES.COMPANY_NAME_REQUIRED],
    ['marketplaceDomain', { marketplaceDomain: undefined }, MARKETPLACE_MESSAGES.DOMAIN_REQUIRED],
    ['marketplaceDomain', { marketplaceDomain: 'not a domain' }, MARKETPLACE_MESSAGES.DOMAIN_INVALID],
    ['contactEmail', { contactEmail: 'nobody' }, MARKETPLACE_MESSAGES.CONTACT_EMAIL_INVALID],
    ['adminEmail', { adminEmail: undefined }, MARKETPLACE_MESSAGES.ADMIN_EMAIL_INVALID],
    ['transactionFee', { customFees: true, transactionFee: '-1' }, MARKETPLACE_MESSAGES.TRANSACTION_FEE_INVALID],
    ['transactionFee', { customFees: true, transactionFee: '1.234' }, MARKETPLACE_MESSAGES.TRANSACTION_FEE_INVALID],
    ['platformFee', { customFees: true, platformFee: '120' }, MARKETPLACE_MESSAGES.PLATFORM_FEE_INVALID],
    ['customBranding', { customBranding: 'yes' }, MARKETPLACE_MESSAGES.FLAG('Custom branding')],
  ])('answers 400 naming %s for %j and stores nothing', async (field, patch, message) => {
    const domain = `invalid-${run}-${client}.example.com`;
    const response = await setup({ ...valid(domain), ...patch }).expect(400);
    expect(response.body.message).toBe(message);
    expect(response.body.fields).toEqual({ [field]: [message] });
    expect(await stored(domain)).toHaveLength(0);
  });

  it('ignores fee fields while customFees is off', async () => {
    const domain = `nofees-${run}.example.com`;
    await setup({ ...valid(domain), customFees: false, transactionFee: '-5', platformFee: '500' }).expect(201);
    expect(await stored(domain)).toEqual([
      expect.objectContaining({
        custom_fees: false,
        transaction_fee_usd_minor: null,
        transaction_fee_cad_minor: null,
        platform_fee_bps: null,
      }),
    ]);
  });

  it('publishes the integration facts: fees, currencies, webhook events, endpoints and the documentation link', async () => {
    const response = await request(app.url).get('/api/integration-info').expect(200);
    const info = response.body as IntegrationInfoResponse;
    expect(info.documentationUrl).toBe('/documentation.html');
    expect(info.currencies).toEqual(['usd', 'cad']);
    expect(info.fees).toEqual({
      transactionFee: { usd: '3.56', cad: '4.79' },
      customFeeDefaults: { transactionFee: '3.56', platformFeePercent: '5' },
    });
    expect(info.webhookEvents.map((e) => e.name)).toEqual([
      'payment.succeeded',
      'payment.failed',
      'payment.pending',
      'payment.refunded',
      'provider.connected',
      'order.updated',
    ]);
    expect(info.endpoints).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'POST', path: '/api/setup-marketplace' })]));
  });
});
