import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { API_VERSION, verifyWebhook, WebhookVerificationError } from './index.js';

const sdkDir = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', sdkDir), 'utf8')) as Record<string, unknown> & { version: string };
const readme = readFileSync(new URL('README.md', sdkDir), 'utf8');
const document = JSON.parse(readFileSync(new URL('openapi.json', sdkDir), 'utf8')) as { info: { version: string } };

// ADR 0053: what `npm pack` of libs/sdk gives an integrator (sdk-package.integration-spec.ts installs and runs it).
describe('the @paymarket/sdk package', () => {
  it('is publishable and points only into its built dist/', () => {
    expect(manifest.private).toBeUndefined();
    expect(manifest).toMatchObject({
      name: '@paymarket/sdk',
      type: 'module',
      main: './dist/index.js',
      types: './dist/index.d.ts',
      exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './openapi.json': './openapi.json' },
      files: ['dist', 'openapi.json', 'README.md'],
      engines: { node: expect.any(String) },
    });
    expect(Object.keys(manifest.dependencies as object).sort()).toEqual(['openapi-fetch', 'standardwebhooks']);
    expect(manifest.devDependencies).toBeUndefined();
  });

  it('says in its README how to install this version and which API version it targets', () => {
    expect(API_VERSION).toBe(document.info.version);
    expect(readme).toContain(`npm install http://localhost:3000/sdk/paymarket-sdk-${manifest.version}.tgz`);
    expect(readme).toContain(`targets PayMarket API **${API_VERSION}**`);
    // The product's README and guide show the same file.
    const file = `/sdk/paymarket-sdk-${manifest.version}.tgz`;
    expect(readFileSync(new URL('../../README.md', sdkDir), 'utf8')).toContain(`npm install http://localhost:3000${file}`);
    expect(readFileSync(new URL('../../web/public/documentation.html', sdkDir), 'utf8')).toContain(
      `npm install https://paymarket.example${file}`,
    );
    for (const topic of [
      "paymarket.POST('/api/v1/orders'",
      "paymarket.GET('/api/v1/orders/{id}'",
      '/test-card',
      'verifyWebhook(',
      "'Idempotency-Key'",
    ]) {
      expect(readme).toContain(topic);
    }
  });
});

describe(verifyWebhook.name, () => {
  const secret = `whsec_${Buffer.from('a secret of thirty-two bytes....').toString('base64')}`;
  const body = JSON.stringify({ type: 'payment.succeeded', timestamp: '2026-11-27T10:00:00.000Z', data: { orderId: 'order_1' } });
  const id = 'evt_1';
  const timestamp = new Date();
  const headers = {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, timestamp, body),
  };

  it('verifies the raw body as text or bytes, with Node-style or fetch headers', () => {
    expect(verifyWebhook(body, headers, secret)).toMatchObject({ type: 'payment.succeeded', data: { orderId: 'order_1' } });
    expect(verifyWebhook(new TextEncoder().encode(body), headers, secret).type).toBe('payment.succeeded');
    expect(verifyWebhook(Buffer.from(body), new Headers(headers), secret).type).toBe('payment.succeeded');
  });

  it('refuses a changed body, another secret or a missing signature', () => {
    expect(() => verifyWebhook(body.replace('order_1', 'order_2'), headers, secret)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(body, headers, `whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`)).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifyWebhook(body, { ...headers, 'webhook-signature': undefined }, secret)).toThrow(WebhookVerificationError);
  });
});
