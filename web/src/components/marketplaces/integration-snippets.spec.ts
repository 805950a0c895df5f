import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { integrationSnippet } from './integration-snippets';

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
