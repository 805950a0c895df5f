// Issue 21, "Done when": the white-label guide's widget snippet, pasted unchanged into a page on the marketplace's
// registered domain, shows the branded checkout, takes a 4242 payment and tells the page; the order carries the
// marketplace and its split in /api/v1, the marketplace's statement has it, the admin view shows it and the ledger is
// clean. A second page of the shop adds data-seller, data-provider and data-provider-cost to the snippet: that order
// splits four ways (PayMarket, the marketplace, the seller, the provider), and the console's statement lists both.
// The same snippet on another domain shows "not enabled" and creates nothing.
//
// Both domains are names Chromium maps to 127.0.0.1 (--host-resolver-rules), served by a tiny page server on a free
// port, so the browser sees two real sites other than PayMarket's own origin.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { launchOptions } from '../playwright.config';
import { adminLogIn, approvedCompany, consoleSignIn, createAdmin, registerSeller, unique } from './support/app';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
// Fresh names each run (a domain belongs to one marketplace for good), all under .example.test.
const SHOP = `shop-${run}.example.test`;
const OTHER = `other-${run}.example.test`;
const COMPANY_DOMAIN = `shopco-${run}.com`;
const CONTACT = `ops@${COMPANY_DOMAIN}`;
const PROVIDER = 'acct_1PMDemoPrintCo00001';
// An active emulator account that is nobody else's payee in this walk: the marketplace's payout account.
const MARKETPLACE_PAYOUT = 'acct_1PMDemoHarbour00004';
const NOT_ENABLED = 'PayMarket checkout is not enabled for this site.';
const EVENTS = ['paymarket:ready', 'paymarket:resize', 'paymarket:payment_succeeded', 'paymarket:payment_failed', 'paymarket:not_enabled'];

test.use({ launchOptions: { ...launchOptions, args: [...launchOptions.args, '--host-resolver-rules=MAP *.example.test 127.0.0.1'] } });
test.describe.configure({ mode: 'serial' });

/** The fields of ApiOrderView (contracts) this walk reads; e2e compiles without the contracts' decorators. */
interface ApiOrder {
  id: string;
  orderId: string;
  status: string;
  total: string;
  currency: string;
  recipient: string;
  paymentIntentId: string | null;
  marketplace: { id: string; name: string; terms: { customFees: boolean; transactionFee: string; platformFee: string | null } } | null;
  split: Array<{ party: 'platform' | 'marketplace' | 'seller' | 'provider'; amount: string; name: string | null }>;
}

interface HostEvent {
  type: string;
  detail: Record<string, unknown>;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * The marketplace's own page: the guide's snippet as copied, then the integrator's listener (recording every widget
 * event for the test to read). The same page on every host name.
 */
function hostPage(snippet: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Shop Example</title></head><body>',
    '<h1>Posters and prints</h1>',
    snippet,
    '<script>',
    '  window.paymarketEvents = [];',
    `  for (const type of ${JSON.stringify(EVENTS)}) {`,
    '    document.addEventListener(type, (event) => window.paymarketEvents.push({ type: event.type, detail: event.detail }));',
    '  }',
    '</script>',
    '</body></html>',
  ].join('\n');
}

async function hostEvents(page: Page, type: string): Promise<HostEvent[]> {
  return page.evaluate((t) => (window as unknown as { paymarketEvents: HostEvent[] }).paymarketEvents.filter((e) => e.type === t), type);
}

test.describe('white-label marketplace: the embed widget (issue 21)', () => {
  let server: http.Server;
  let hostPort = 0;
  let snippet = '';
  let fourWaySnippet = '';
  let secretKey = '';
  let marketplaceId = '';

  test.beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/' || req.url?.startsWith('/?')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(hostPage(snippet));
      } else if (req.url === '/four-way') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(hostPage(fourWaySnippet));
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    hostPort = (server.address() as AddressInfo).port;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const auth = () => ({ authorization: `Bearer ${secretKey}` });

  async function listOrders(request: APIRequestContext): Promise<ApiOrder[]> {
    const response = await request.get('/api/v1/orders?limit=100', { headers: auth() });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: ApiOrder[] }).data;
  }

  test('serves the widget as JavaScript and answers unknown files with 404', async ({ request }) => {
    const widget = await request.get('/widget.js');
    expect(widget.status()).toBe(200);
    expect(widget.headers()['content-type']).toBe('application/javascript; charset=utf-8');
    expect(widget.headers()['cache-control']).toBe('public, max-age=300');
    const version = widget.headers()['x-paymarket-widget-version']!;
    expect(await widget.text()).toContain(`PayMarket widget ${version}`);
    const head = await request.head('/widget.js');
    expect(head.status()).toBe(200);
    expect(head.headers()['content-type']).toMatch(/^application\/javascript/);
    const pinned = await request.get(`/widget/${version}.js`);
    expect(pinned.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    const missing = await request.get('/nope.js');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await missing.text()).not.toContain('<html');
    expect((await request.get('/documentation.html')).status()).toBe(200);
  });

  test('on the registered domain: the branded checkout takes a 4242 payment and the page receives the success event', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);

    // The guide's snippet for the domain, exactly as the Copy button would give it.
    await page.goto('/marketplace-setup');
    await page.getByLabel('Your Marketplace Domain').fill(SHOP);
    snippet = (await page.getByTestId('snippet-widget').textContent())!;
    expect(snippet).toContain(`<script src="${baseURL}/widget.js" data-marketplace="${SHOP}" async></script>`);

    // As a company would: register the marketplace, get API access with the same contact email, attach it with the
    // key, set its fees, branding and payout account.
    const registered = await request.post('/api/setup-marketplace', {
      data: {
        companyName: `Shop Example ${run}`,
        marketplaceDomain: SHOP,
        contactEmail: CONTACT,
        adminEmail: `admin@${COMPANY_DOMAIN}`,
        customFees: true,
        transactionFee: '3.56',
        platformFee: '5',
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    marketplaceId = ((await registered.json()) as { marketplace: { id: string } }).marketplace.id;

    ({ secretKey } = await approvedCompany(request, `Shop Example ${run}`, `shopco-${run}`));

    const attached = await request.post('/api/v1/marketplace/attach', { headers: auth(), data: { marketplaceId } });
    expect(attached.ok(), await attached.text()).toBe(true);
    const updated = await request.patch('/api/v1/marketplace', {
      headers: auth(),
      data: {
        displayName: 'Shop Example',
        accentColor: '#be123c',
        customBranding: true,
        customFees: true,
        transactionFeeUsd: '3.56',
        transactionFeeCad: '4.79',
        platformFee: '5',
        payoutAccountId: MARKETPLACE_PAYOUT,
      },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    // The gateway's copy follows marketplace.updated: wait until the widget's config answers the shop's pages.
    await expect(async () => {
      const view = await request.get('/api/v1/marketplace', { headers: auth() });
      expect(((await view.json()) as { marketplace: { acceptingOrders: boolean } }).marketplace.acceptingOrders).toBe(true);
      const config = await request.get(`/api/embed/config?marketplace=${SHOP}`, { headers: { origin: `http://${SHOP}:${hostPort}` } });
      expect(config.status()).toBe(200);
    }).toPass({ timeout: 20_000 });

    // The shop's page: the checkout renders inside the iframe with the marketplace's branding.
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`http://${SHOP}:${hostPort}/`);
    const checkout = page.frameLocator('#paymarket-checkout iframe');
    await expect(checkout.getByRole('heading', { name: 'Shop Example' })).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => hostEvents(page, 'paymarket:ready').then((e) => e.length)).toBe(1);
    const frameUrl = new URL((await page.locator('#paymarket-checkout iframe').getAttribute('src'))!);
    expect(frameUrl.origin).toBe(new URL(baseURL!).origin);
    expect(frameUrl.search).not.toContain('token');

    await checkout.getByLabel(/Pay to/).selectOption({ label: 'Demo Print Co.' });
    await checkout.getByLabel(/Amount/).fill('25.00');
    await checkout.getByLabel(/Your email/).fill(`buyer-${run}@example.com`);
    await checkout.getByLabel(/Your name/).fill('Grace Buyer');
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();
    await checkout.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(checkout.getByText('Payment Successful!')).toBeVisible({ timeout: 30_000 });

    // The host page received the documented event, with the order and PaymentIntent ids.
    await expect.poll(() => hostEvents(page, 'paymarket:payment_succeeded').then((e) => e.length)).toBe(1);
    const [succeeded] = await hostEvents(page, 'paymarket:payment_succeeded');
    const detail = succeeded!.detail as {
      marketplace: string;
      orderId: string;
      reference: string;
      paymentIntentId: string;
      amount: string;
    };
    expect(detail.marketplace).toBe(SHOP);
    expect(detail.paymentIntentId).toMatch(/^pi_/);
    expect(problems).toEqual([]);

    // The order: the company's, through the marketplace, with its split.
    let order: ApiOrder | undefined;
    await expect(async () => {
      const response = await request.get(`/api/v1/orders/${detail.orderId}`, { headers: auth() });
      expect(response.status()).toBe(200);
      order = (await response.json()) as ApiOrder;
      expect(['succeeded', 'paid', 'completed']).toContain(order.status);
    }).toPass({ timeout: 20_000 });
    expect(order!.paymentIntentId).toBe(detail.paymentIntentId);
    expect(order!.orderId).toBe(detail.reference);
    expect(order!.recipient).toBe(PROVIDER);
    expect(order!.marketplace).toMatchObject({ id: marketplaceId, terms: { customFees: true, platformFee: '5' } });
    expect(order!.split.map((line) => line.party)).toEqual(expect.arrayContaining(['platform', 'marketplace', 'provider']));
    expect(order!.split.reduce((sum, line) => sum + cents(line.amount), 0)).toBe(cents(order!.total));
    expect(cents(order!.split.find((line) => line.party === 'marketplace')!.amount)).toBeGreaterThan(0);
    expect(cents(order!.split.find((line) => line.party === 'platform')!.amount)).toBe(356);

    // The marketplace's statement has the line.
    await expect(async () => {
      const statement = await request.get('/api/v1/marketplace/statement', { headers: auth() });
      expect(statement.status()).toBe(200);
      const lines = ((await statement.json()) as { lines: Array<{ orderId: string; yourShareMinor: string }> }).lines;
      const line = lines.find((l) => l.orderId === order!.id || l.orderId === order!.orderId);
      expect(line).toBeDefined();
      expect(Number(line!.yourShareMinor)).toBe(cents(order!.split.find((l) => l.party === 'marketplace')!.amount));
    }).toPass({ timeout: 20_000 });

    // A product page of the shop names the seller, the print provider that makes it and the provider's cost: the
    // buyer pays 100.00 and the order is split four ways, each party paid by its own transfer.
    const seller = await registerSeller(request);
    fourWaySnippet = snippet.replace(
      'data-marketplace=',
      `data-seller="${seller.id}" data-provider="${PROVIDER}" data-provider-cost="46.44" data-amount="100.00" data-currency="usd" data-marketplace=`,
    );
    await page.goto(`http://${SHOP}:${hostPort}/four-way`);
    await expect(checkout.getByText(seller.businessName)).toBeVisible({ timeout: 20_000 });
    await expect(checkout.getByText('Demo Print Co.')).toBeVisible();
    await checkout.getByLabel(/Your email/).fill(`buyer-${run}@example.com`);
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();
    await checkout.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(checkout.getByText('Payment Successful!')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => hostEvents(page, 'paymarket:payment_succeeded').then((e) => e.length)).toBe(1);
    const fourWayId = ((await hostEvents(page, 'paymarket:payment_succeeded'))[0]!.detail as { orderId: string }).orderId;
    let fourWay: ApiOrder | undefined;
    await expect(async () => {
      fourWay = (await (await request.get(`/api/v1/orders/${fourWayId}`, { headers: auth() })).json()) as ApiOrder;
      expect(fourWay.status).toBe('completed');
    }).toPass({ timeout: 20_000 });
    // 5% of 100.00 to the marketplace, taken from seller (53.56) and provider (46.44) pro rata; PayMarket's 3.56 on top.
    expect(fourWay!.split).toEqual([
      { party: 'platform', amount: '3.56', name: 'PayMarket' },
      { party: 'marketplace', amount: '5.00', name: 'Shop Example' },
      { party: 'seller', amount: '50.88', name: seller.businessName },
      { party: 'provider', amount: '44.12', name: 'Demo Print Co.' },
    ]);
    expect(fourWay!.total).toBe('103.56');

    // The console's Marketplace tab: the statement lists both orders with the marketplace's share.
    await page.goto('/developers?tab=marketplace');
    await consoleSignIn(page, request, CONTACT);
    const statement = page
      .getByRole('region', { name: 'Statement' })
      .or(page.locator('section', { hasText: 'Statement' }))
      .first();
    await expect(statement.getByText(fourWay!.orderId)).toBeVisible({ timeout: 20_000 });
    await expect(statement.getByText(order!.orderId)).toBeVisible();

    // The admin view shows the order with its breakdown, and the ledger is clean.
    const admin = `${unique('white-label-admin')}@example.com`;
    createAdmin(admin);
    await adminLogIn(page, admin);
    await page.goto('/orders');
    const card = page.getByRole('article', { name: `Order ${order!.orderId}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Shop Example');
    await expect(card).toContainText(order!.split.find((l) => l.party === 'marketplace')!.amount);
    const fourWayCard = page.getByRole('article', { name: `Order ${fourWay!.orderId}` });
    for (const line of fourWay!.split) await expect(fourWayCard).toContainText(line.amount);
    const ledger = await page.request.get('/api/admin/ledger/verify');
    expect(ledger.status()).toBe(200);
    expect(await ledger.json()).toMatchObject({ ok: true, problems: [] });
  });

  test('on another domain: the same snippet says checkout is not enabled, shows no checkout and creates nothing', async ({
    page,
    request,
    baseURL,
  }) => {
    const before = (await listOrders(request)).length;

    await page.goto(`http://${OTHER}:${hostPort}/`);
    await expect(page.getByText(NOT_ENABLED)).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect.poll(() => hostEvents(page, 'paymarket:not_enabled').then((e) => e.length)).toBe(1);
    expect((await hostEvents(page, 'paymarket:not_enabled'))[0]!.detail).toEqual({ marketplace: SHOP, message: NOT_ENABLED });

    // Nor can that site frame the checkout itself: frame-ancestors lists only the marketplace's domains.
    const framed = await request.get(`/embed/checkout?marketplace=${SHOP}`);
    const csp = framed.headers()['content-security-policy']!;
    expect(csp).toContain(`frame-ancestors https://${SHOP}:* http://${SHOP}:*`);
    expect(csp).not.toContain(OTHER);
    expect(framed.headers()['x-frame-options']).toBeUndefined();
    // The other site's page frames it directly: the browser refuses to render it (an error page in its place).
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
    }, `${baseURL}/embed/checkout?marketplace=${SHOP}#token=x`);
    await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/');
    expect(page.frames().some((f) => f.url().startsWith(`${baseURL}/embed/checkout`))).toBe(false);

    expect((await listOrders(request)).length).toBe(before);
  });
});
