import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RESPONSE_BODY_BYTES, sendWebhook } from './webhook-sender.js';
import { Webhook } from 'standardwebhooks';

describe(sendWebhook.name, () => {
  let server: http.Server;
  let base: string;
  const seen: Array<{ url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
        if (req.url === '/ok') res.writeHead(204).end();
        else if (req.url === '/redirect') res.writeHead(302, { location: '/ok' }).end();
        else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(), 2_000);
        else if (req.url === '/large') res.writeHead(200).end('x'.repeat(5 * 1024 * 1024));
        else res.writeHead(503).end('down');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (path: string, timeoutMs = 1_000) =>
    sendWebhook({
      url: `${base}${path}`,
      body: '{"type":"order.updated"}',
      messageId: 'evt_1',
      secrets: { current: SECRET },
      timeoutMs,
      production: false,
    });

  it('treats 2xx as delivered and sends Standard Webhooks headers the receiver can verify', async () => {
    expect(await send('/ok')).toEqual({ ok: true, statusCode: 204, responseBody: '' });
    const last = seen.at(-1)!;
    expect(last.headers['webhook-id']).toBe('evt_1');
    const headers = {
      'webhook-id': String(last.headers['webhook-id']),
      'webhook-timestamp': String(last.headers['webhook-timestamp']),
      'webhook-signature': String(last.headers['webhook-signature']),
    };
    expect(new Webhook(SECRET).verify(last.body, headers)).toEqual({ type: 'order.updated' });
    expect(() => new Webhook('whsec_' + Buffer.from('another secret of 24 b..').toString('base64')).verify(last.body, headers)).toThrow();
  });

  it('never follows a redirect and fails on other statuses', async () => {
    const before = seen.length;
    expect(await send('/redirect')).toEqual({ ok: false, statusCode: 302, error: 'HTTP 302', responseBody: '' });
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/redirect']);
    expect(await send('/error')).toEqual({ ok: false, statusCode: 503, error: 'HTTP 503', responseBody: 'down' });
  });

  it('keeps only the first 1 KB of a large answer, without reading the rest', async () => {
    const outcome = await send('/large');
    expect(outcome).toMatchObject({ ok: true, statusCode: 200 });
    expect(outcome.responseBody).toHaveLength(RESPONSE_BODY_BYTES);
    expect(outcome.responseBody!.startsWith('xxxx')).toBe(true);
  });

  it('gives up on a receiver slower than the timeout, and on a refused connection', async () => {
    const slow = await send('/slow', 300);
    expect(slow).toMatchObject({ ok: false, statusCode: null, error: expect.stringContaining('timed out') });
    const refused = await sendWebhook({
      url: 'http://127.0.0.1:1/x',
      body: '{}',
      messageId: 'evt_2',
      secrets: { current: SECRET },
      timeoutMs: 500,
      production: false,
    });
    expect(refused).toMatchObject({ ok: false, statusCode: null });
  });

  it('refuses, in production, a host name that resolves to a private address', async () => {
    const outcome = await sendWebhook({
      url: `${base.replace('127.0.0.1', 'localhost')}/ok`,
      body: '{}',
      messageId: 'evt_3',
      secrets: { current: SECRET },
      timeoutMs: 500,
      production: true,
    });
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: expect.stringContaining('private address') });
  });
});
