import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  API_ORDER_MESSAGES,
  EMBED_EVENTS,
  EMBED_MESSAGES,
  type EmbedConfigResponse,
  type EmbedOrderResponse,
  type PaymentStatusView,
} from '@paymarket/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { apiError, fetchRoutes, renderPage } from '@/components/payments/testing/fetch-routes';
import { EmbedCheckoutPage, NOT_CONFIRMED, NOT_FRAMED } from './checkout';

const originalFetch = globalThis.fetch;
const HOST = 'http://shop.example.test:5173';
const TOKEN = 'v1.claims.signature';
const SELLER_ID = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';

const CONFIG: EmbedConfigResponse = {
  marketplace: {
    domain: 'shop.example.test',
    displayName: 'Shop Example',
    accentColor: '#be123c',
    logoUrl: 'https://shop.example.test/logo.png',
  },
  token: TOKEN,
  expiresAt: '2026-11-27T11:00:00.000Z',
  checkoutPath: '/embed/checkout',
  developmentMode: true,
};
const PAYMENTS_CONFIG = { status: 200, body: { developmentMode: true, publishableKey: null, fees: { usd: '3.56', cad: '4.79' } } };
const seller = (id: string, businessName: string) => ({
  id,
  businessName,
  sellerName: 'Lou Tremblay',
  email: 'lou@example.com',
  phone: '5551234567',
  category: 'printing',
  description: 'Prints',
  products: 'Cards',
  pricing: 'From $10',
  location: 'Montreal',
  website: null,
  averageRating: 0,
  totalRatings: 0,
  payable: true,
});
const SHOWCASE = {
  status: 200,
  body: { sellers: [seller(SELLER_ID, 'Maple Ink')], stats: { total: 1, categories: {} }, nextCursor: null },
};
const PROVIDER_ACCOUNT = 'acct_1PMDemoPrintCo00001';
const PROVIDER_NAME = 'Demo Print Co.';
const PROVIDERS = {
  status: 200,
  body: [{ id: 'p1', name: PROVIDER_NAME, stripeAccountId: PROVIDER_ACCOUNT, contactName: null, email: null, phone: null }],
};
const ORDER: EmbedOrderResponse = {
  order: {
    id: '5b0c2f4e-7d1a-4c86-9a57-0e2f3c1d9b10',
    orderId: 'emb_1001',
    createdAt: '2026-11-27T10:00:00.000Z',
    status: 'pending',
    amount: '20.19',
    fee: '3.56',
    total: '25.00',
    refunded: '0.00',
    currency: 'usd',
    description: null,
    recipient: 'acct_1PMDemoPrintCo00001',
    paymentIntentId: 'pi_embed_000001',
    buyerEmail: 'ada@example.com',
    buyerName: 'Ada Lovelace',
    marketplace: { id: 'm1', name: 'Shop Example', terms: { customFees: true, transactionFee: '3.56', platformFee: '5' } },
    split: [
      { party: 'platform', amount: '3.56', name: null },
      { party: 'marketplace', amount: '1.25', name: 'Shop Example' },
      { party: 'provider', amount: '20.19', name: 'Demo Print Co.' },
    ],
  },
  paymentIntentId: 'pi_embed_000001',
  clientSecret: 'pi_embed_000001_secret_abc',
  developmentMode: true,
};
const PAID: PaymentStatusView = {
  orderId: 'emb_1001',
  paymentIntentId: 'pi_embed_000001',
  paymentStatus: 'succeeded',
  orderStatus: 'completed',
};
const DECLINED: PaymentStatusView = {
  orderId: 'emb_1001',
  paymentIntentId: 'pi_embed_000001',
  paymentStatus: 'requires_payment_method',
  orderStatus: 'failed',
  failureMessage: 'Your card was declined.',
};
const STATUS_URL = 'GET /api/embed/payments/pi_embed_000001?client_secret=pi_embed_000001_secret_abc';

function routes(overrides: Parameters<typeof fetchRoutes>[0] = {}) {
  return fetchRoutes({
    'GET /api/embed/config?marketplace=shop.example.test': { status: 200, body: CONFIG },
    'GET /api/payments/config': PAYMENTS_CONFIG,
    'GET /api/sellers-showcase?payable=true&limit=100': SHOWCASE,
    'GET /api/print-providers': PROVIDERS,
    'POST /api/embed/orders': { status: 201, body: ORDER },
    'POST /api/embed/payments/pi_embed_000001/test-card': { status: 200, body: PAID },
    [STATUS_URL]: { status: 200, body: PAID },
    ...overrides,
  });
}

/** The frame's parent (the marketplace's page) and what the checkout posts to it. */
const parent = { postMessage: jest.fn<(message: unknown, targetOrigin: string) => void>() };
const posted = () =>
  parent.postMessage.mock.calls.map(([message]) => message as { source: string; type: string; detail: Record<string, unknown> });

function framedBy(referrer: string | null): void {
  Object.defineProperty(window, 'parent', { configurable: true, value: referrer === null ? window : parent });
  Object.defineProperty(document, 'referrer', { configurable: true, value: referrer ?? '' });
}

function open(query = 'marketplace=shop.example.test', token: string | null = TOKEN) {
  window.location.hash = token === null ? '' : `#token=${encodeURIComponent(token)}`;
  return renderPage(<EmbedCheckoutPage />, `/embed/checkout?${query}`);
}

async function fillAndContinue(user: UserEvent): Promise<void> {
  await user.selectOptions(await screen.findByLabelText(/Pay to/), await screen.findByRole('option', { name: 'Demo Print Co.' }));
  await user.type(screen.getByLabelText(/Amount/), '25.00');
  await user.type(screen.getByLabelText(/Your email/), 'Ada@Example.com');
  await user.type(screen.getByLabelText(/Your name/), 'Ada Lovelace');
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
}

async function pay(user: UserEvent, card = '4242 4242 4242 4242'): Promise<void> {
  await user.type(await screen.findByLabelText(/Card Number/), card);
  await user.click(screen.getByRole('button', { name: 'Pay $25.00 USD' }));
}

describe(EmbedCheckoutPage.name, () => {
  beforeEach(() => {
    parent.postMessage.mockClear();
    framedBy(`${HOST}/products/poster`);
  });

  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
    framedBy(null);
    window.location.hash = '';
  });

  it("refuses to run outside a marketplace's page, and asks nothing", () => {
    framedBy(null);
    const api = routes();
    globalThis.fetch = api.fetch;
    open();
    expect(screen.getByRole('alert').textContent).toBe(NOT_FRAMED);
    expect(api.calls).toEqual([]);
  });

  it('refuses to run without the token the widget passes in the fragment', () => {
    const api = routes();
    globalThis.fetch = api.fetch;
    open('marketplace=shop.example.test', null);
    expect(screen.getByRole('alert').textContent).toBe(EMBED_MESSAGES.TOKEN_REQUIRED);
    expect(api.calls).toEqual([]);
  });

  it("shows the marketplace's branding from its config (asked with the token) and tells the page it is ready", async () => {
    const api = routes();
    globalThis.fetch = api.fetch;
    const { container } = open();

    expect(await screen.findByRole('heading', { name: 'Shop Example' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Shop Example logo' }).getAttribute('src')).toBe('https://shop.example.test/logo.png');
    const themed = container.querySelector('[style*="--color-primary"]') as HTMLElement;
    expect(themed.style.getPropertyValue('--color-primary')).toBe('#be123c');
    expect(themed.style.getPropertyValue('--color-primary-foreground')).toBe('#ffffff');
    expect(api.callsTo('GET /api/embed/config?marketplace=shop.example.test')[0]?.headers['x-paymarket-embed-token']).toBe(TOKEN);
    await waitFor(() =>
      expect(posted()).toContainEqual({
        source: 'paymarket-checkout',
        type: EMBED_EVENTS.READY,
        detail: { marketplace: 'shop.example.test' },
      }),
    );
    expect(parent.postMessage.mock.calls.every(([, origin]) => origin === HOST)).toBe(true);
  });

  it.each([
    [403, EMBED_MESSAGES.NOT_ENABLED],
    [401, EMBED_MESSAGES.TOKEN_REQUIRED],
  ])('says why when the config answers %i', async (status, message) => {
    globalThis.fetch = routes({ 'GET /api/embed/config?marketplace=shop.example.test': apiError(status, 'refused') }).fetch;
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
  });

  it('shows the shared rules under the fields and sends nothing for an empty form', async () => {
    const api = routes();
    globalThis.fetch = api.fetch;
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));

    const email = await screen.findByText(EMBED_MESSAGES.BUYER_EMAIL);
    expect(email.parentElement?.id).toBe('embed-buyerEmail-error');
    expect(screen.getByLabelText(/Your email/).getAttribute('aria-describedby')).toBe('embed-buyerEmail-error');
    expect(screen.getByLabelText(/Your email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(API_ORDER_MESSAGES.RECIPIENT)).toBeTruthy();
    expect(screen.getByText('Please enter a valid amount')).toBeTruthy();
    // The focus goes to the first invalid field: the recipient.
    expect(document.activeElement).toBe(screen.getByLabelText(/Pay to/));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('creates the order for the embedding page, pays with 4242, and tells the page with the order and PaymentIntent ids', async () => {
    const api = routes();
    globalThis.fetch = api.fetch;
    const user = userEvent.setup();
    open();

    expect(await screen.findByRole('option', { name: 'Maple Ink - Lou Tremblay' })).toBeTruthy();
    await fillAndContinue(user);

    await screen.findByLabelText(/Card Number/);
    const [created] = api.callsTo('POST /api/embed/orders');
    expect(created?.body).toEqual({
      amount: '25.00',
      currency: 'usd',
      recipient: 'acct_1PMDemoPrintCo00001',
      buyerEmail: 'ada@example.com',
      buyerName: 'Ada Lovelace',
      embedOrigin: HOST,
    });
    expect(created?.headers['x-paymarket-embed-token']).toBe(TOKEN);
    expect(created?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The order's four-way split as payments computed it.
    const breakdown = screen.getByLabelText('Payment breakdown');
    expect(within(breakdown).getByText('Shop Example fee').nextElementSibling?.textContent).toBe('$1.25');
    expect(within(breakdown).getByText('PayMarket fee').nextElementSibling?.textContent).toBe('$3.56');
    expect(within(breakdown).getByText('Demo Print Co.').nextElementSibling?.textContent).toBe('$20.19');

    await pay(user);

    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    expect(screen.getByText('You paid $25.00 USD to Shop Example. Reference: emb_1001.')).toBeTruthy();
    const [confirmed] = api.callsTo('POST /api/embed/payments/pi_embed_000001/test-card');
    expect(confirmed?.body).toEqual({ cardNumber: '4242424242424242', clientSecret: 'pi_embed_000001_secret_abc' });
    expect(confirmed?.headers['x-paymarket-embed-token']).toBe(TOKEN);
    // The server's word, not the card form's, decides success.
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
    expect(posted()).toContainEqual({
      source: 'paymarket-checkout',
      type: EMBED_EVENTS.SUCCEEDED,
      detail: {
        marketplace: 'shop.example.test',
        orderId: ORDER.order.id,
        reference: 'emb_1001',
        paymentIntentId: 'pi_embed_000001',
        amount: '25.00',
        currency: 'usd',
      },
    });
    expect(parent.postMessage.mock.calls.map(([, origin]) => origin)).not.toContain('*');
    expect(new Set(parent.postMessage.mock.calls.map(([, origin]) => origin))).toEqual(new Set([HOST]));
  });

  it('shows a decline, tells the page, and lets the buyer try another card', async () => {
    globalThis.fetch = routes({ 'POST /api/embed/payments/pi_embed_000001/test-card': { status: 200, body: DECLINED } }).fetch;
    const user = userEvent.setup();
    open();
    await fillAndContinue(user);
    await pay(user, '4000 0000 0000 0002');

    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('Your card was declined.')).toBeTruthy();
    expect(posted()).toContainEqual(
      expect.objectContaining({
        type: EMBED_EVENTS.FAILED,
        detail: expect.objectContaining({ paymentIntentId: 'pi_embed_000001', message: 'Your card was declined.' }),
      }),
    );
    expect(posted().map((m) => m.type)).not.toContain(EMBED_EVENTS.SUCCEEDED);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/Card Number/)).toBeTruthy();
  });

  it('does not call a payment the server has not confirmed a success', async () => {
    globalThis.fetch = routes({
      [STATUS_URL]: { status: 200, body: { ...PAID, paymentStatus: 'requires_payment_method', orderStatus: 'pending' } },
    }).fetch;
    const user = userEvent.setup();
    open();
    await fillAndContinue(user);
    await pay(user);

    expect(await screen.findByText(NOT_CONFIRMED)).toBeTruthy();
    expect(posted().map((m) => m.type)).not.toContain(EMBED_EVENTS.SUCCEEDED);
  });

  it("uses the page's fixed seller, amount, currency and reference", async () => {
    const api = routes();
    globalThis.fetch = api.fetch;
    const user = userEvent.setup();
    open(`marketplace=shop.example.test&seller=${SELLER_ID}&amount=25.00&currency=usd&orderId=shop-1001`);

    expect(await screen.findByText('Maple Ink - Lou Tremblay')).toBeTruthy();
    expect(screen.getByText('$25.00 USD')).toBeTruthy();
    expect(screen.queryByLabelText(/Pay to/)).toBeNull();
    expect(screen.queryByLabelText(/Amount/)).toBeNull();
    await user.type(screen.getByLabelText(/Your email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    await screen.findByLabelText(/Card Number/);
    expect(api.callsTo('POST /api/embed/orders')[0]?.body).toEqual({
      amount: '25.00',
      currency: 'usd',
      recipient: `seller_${SELLER_ID}`,
      buyerEmail: 'ada@example.com',
      orderId: 'shop-1001',
      embedOrigin: HOST,
    });
  });

  it('sends the print provider that makes a seller’s order and its cost, as the page set them (a four-way split)', async () => {
    const api = routes();
    globalThis.fetch = api.fetch;
    const user = userEvent.setup();
    open(`marketplace=shop.example.test&seller=${SELLER_ID}&provider=${PROVIDER_ACCOUNT}&providerCost=46.44&amount=100.00&currency=usd`);

    expect(await screen.findByText('Maple Ink - Lou Tremblay')).toBeTruthy();
    expect(await screen.findByText(PROVIDER_NAME)).toBeTruthy();
    await user.type(screen.getByLabelText(/Your email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    await screen.findByLabelText(/Card Number/);
    expect(api.callsTo('POST /api/embed/orders')[0]?.body).toMatchObject({
      recipient: `seller_${SELLER_ID}`,
      printProvider: PROVIDER_ACCOUNT,
      providerCost: '46.44',
    });
  });

  it("shows the server's refusal of the order, under the form", async () => {
    globalThis.fetch = routes({ 'POST /api/embed/orders': apiError(403, EMBED_MESSAGES.ORIGIN_MISMATCH) }).fetch;
    const user = userEvent.setup();
    open();
    await fillAndContinue(user);
    expect((await screen.findByRole('alert')).textContent).toBe(EMBED_MESSAGES.ORIGIN_MISMATCH);
    expect(screen.queryByLabelText(/Card Number/)).toBeNull();
  });
});
