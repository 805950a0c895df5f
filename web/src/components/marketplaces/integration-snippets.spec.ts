import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { EMBED_EVENTS } from '@paymarket/contracts';
import { integrationSnippet, WIDGET_ATTRIBUTES, WIDGET_EVENTS, widgetListenerSnippet } from './integration-snippets';

describe('the REST API snippet (ADR 0032)', () => {
  const rest = integrationSnippet('rest', 'shop.acme.com', 'https://paymarket.example');

  it('calls the integrator API with the secret key: create the order, prepare its payment, read it', () => {
    expect(rest).toContain('curl -X POST https://paymarket.example/api/v1/orders \\');
    expect(rest).toContain('curl -X POST https://paymarket.example/api/v1/orders/$ORDER_ID/payment-intent');
    expect(rest).toContain('curl https://paymarket.example/api/v1/orders/$ORDER_ID');
    expect(rest).toContain('Authorization: Bearer $PAYMARKET_SECRET_KEY');
    expect(rest).toContain('Idempotency-Key: order_1001');
    expect(rest).toContain('"recipient": "acct_…"');
    expect(rest).toContain('shop.acme.com');
  });

  it('never points integrators at the buyer-session routes', () => {
    expect(rest).not.toMatch(/\/api\/orders\b/);
    expect(rest).not.toContain('/api/create-payment-intent');
  });

  it('sends a body whose JSON parses', () => {
    const body = /-d '(.+)'$/m.exec(rest)?.[1];
    expect(JSON.parse(body!)).toEqual({
      orderId: 'order_1001',
      amount: '100.00',
      currency: 'usd',
      recipient: 'acct_…',
      description: 'Order from shop.acme.com',
    });
  });
});

describe('the SDK and webhook snippets (ADR 0035, 0036)', () => {
  it('uses the generated SDK client with the id the API answers', () => {
    const sdk = integrationSnippet('sdk', 'shop.acme.com', 'https://paymarket.example');
    expect(sdk).toContain("import { createPayMarketClient } from '@paymarket/sdk';");
    expect(sdk).toContain("paymarket.POST('/api/v1/orders/{id}/payment-intent'");
    expect(sdk).toContain('params: { path: { id: order.id } }');
  });

  it('installs the SDK from the tarball this PayMarket serves, named by the version the build packs (ADR 0053)', () => {
    const { version } = JSON.parse(readFileSync('libs/sdk/package.json', 'utf8')) as { version: string };
    const sdk = integrationSnippet('sdk', 'shop.acme.com', 'https://paymarket.example');
    expect(sdk).toContain(`//   npm install https://paymarket.example/sdk/paymarket-sdk-${version}.tgz\n`);
    expect(sdk).not.toContain('npm install @paymarket/sdk');
  });

  it('verifies Standard Webhooks with verifyWebhook, not a home-made header', () => {
    const webhooks = integrationSnippet('webhooks', 'shop.acme.com', 'https://paymarket.example');
    expect(webhooks).toContain('verifyWebhook(req.body, req.headers, process.env.PAYMARKET_WEBHOOK_SECRET)');
    expect(webhooks).toContain("req.headers['webhook-id']");
    expect(webhooks).not.toContain('PayMarket-Signature');
  });
});

describe('the embed widget snippet and reference (ADR 0052)', () => {
  it("is the issue's script line exactly, with the container the widget renders into", () => {
    const widget = integrationSnippet('widget', 'shop.acme.com', 'https://paymarket.example');
    expect(widget.split('\n')).toContain(
      '<script src="https://paymarket.example/widget.js" data-marketplace="shop.acme.com" async></script>',
    );
    expect(widget).toContain('<div id="paymarket-checkout"');
  });

  it('documents every attribute the widget reads and every event it dispatches', () => {
    expect(WIDGET_ATTRIBUTES.map((a) => a.name)).toEqual([
      'data-marketplace',
      'data-seller',
      'data-provider',
      'data-provider-cost',
      'data-amount',
      'data-currency',
      'data-order-id',
      'data-target',
    ]);
    expect(WIDGET_EVENTS.map((e) => e.name).sort()).toEqual(Object.values(EMBED_EVENTS).sort());
    const succeeded = WIDGET_EVENTS.find((e) => e.name === EMBED_EVENTS.SUCCEEDED)!;
    for (const field of ['orderId', 'reference', 'paymentIntentId', 'amount', 'currency']) expect(succeeded.detail).toContain(field);
  });

  it('shows a listener for the success event that reads the ids from event.detail', () => {
    const listener = widgetListenerSnippet();
    expect(listener).toContain("addEventListener('paymarket:payment_succeeded'");
    expect(listener).toContain('const { orderId, reference, paymentIntentId, amount, currency } = event.detail;');
  });
});
