import { describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret } from './webhook-secret-box.js';
import { standardWebhookHeaders } from './webhook-signature.js';

describe(standardWebhookHeaders.name, () => {
  const body = JSON.stringify({ type: 'payment.succeeded', timestamp: '2026-11-25T10:00:00.000Z', data: { orderId: 'order_1' } });
  const now = new Date();

  it('signs so that any Standard Webhooks library verifies with the endpoint secret', () => {
    const secret = generateWebhookSecret();
    const headers = standardWebhookHeaders('evt_123', body, { current: secret }, now);
    expect(headers['webhook-id']).toBe('evt_123');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('refuses a tampered body, another secret and an old timestamp', () => {
    const secret = generateWebhookSecret();
    const headers = standardWebhookHeaders('evt_123', body, { current: secret }, now);
    expect(() => new Webhook(secret).verify(body.replace('order_1', 'order_2'), headers)).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
    const old = standardWebhookHeaders('evt_123', body, { current: secret }, new Date(Date.now() - 10 * 60_000));
    expect(() => new Webhook(secret).verify(body, old)).toThrow();
  });

  it('carries both signatures during a roll, so the previous and the new secret both verify', () => {
    const previous = generateWebhookSecret();
    const current = generateWebhookSecret();
    const headers = standardWebhookHeaders('evt_9', body, { current, previous }, now);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(previous).verify(body, headers)).toBeTruthy();
    expect(new Webhook(current).verify(body, headers)).toBeTruthy();
    const after = standardWebhookHeaders('evt_9', body, { current, previous: null }, now);
    expect(() => new Webhook(previous).verify(body, after)).toThrow();
  });
});
