import { lookup as dnsLookup, type LookupAddress, type LookupOneOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { AttemptOutcome } from './webhooks.repository.js';
import { isPrivateAddress } from './webhook-url.js';
import { standardWebhookHeaders, type SigningSecrets } from './webhook-signature.js';

/** How much of an endpoint's answer is read and kept. */
export const RESPONSE_BODY_BYTES = 1024;

export const WEBHOOK_USER_AGENT = 'PayMarket-Webhooks/1.0 (+https://paymarket.example/documentation#webhooks)';

export interface WebhookRequest {
  url: string;
  body: string;
  /** The event id: `webhook-id`, the same on every attempt. */
  messageId: string;
  secrets: SigningSecrets;
  timeoutMs: number;
  /** In production a host name that resolves to a private address is refused at connection time (SSRF, ADR 0033). */
  production: boolean;
  now?: Date;
  /** W3C trace context headers (traceparent, tracestate) of the delivery's span, when tracing is on. */
  traceHeaders?: Record<string, string>;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that refuses private, loopback and link-local answers (the URL rule only sees IP literals). */
function publicOnlyLookup(hostname: string, options: LookupOneOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address))) {
      return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }), []);
    }
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

/**
 * One signed POST to an integrator's endpoint: 2xx is delivered; anything else (3xx included: redirects are never
 * followed), a timeout or a network error is a failed attempt. The first 1 KB of the answer is kept for the log.
 */
export function sendWebhook(request: WebhookRequest): Promise<AttemptOutcome> {
  const url = new URL(request.url);
  const client = url.protocol === 'https:' ? https : http;
  const signed = standardWebhookHeaders(request.messageId, request.body, request.secrets, request.now ?? new Date());
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': WEBHOOK_USER_AGENT,
          ...request.traceHeaders,
          ...signed,
        },
        timeout: request.timeoutMs,
        ...(request.production ? { lookup: publicOnlyLookup as unknown as typeof dnsLookup } : {}),
      },
      (res) => {
        const statusCode = res.statusCode ?? 0;
        // Only the first 1 KB of the answer is kept (the delivery log shows it); the rest is never buffered.
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () => {
          const responseBody = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_BYTES).toString('utf8');
          done(
            statusCode >= 200 && statusCode < 300
              ? { ok: true, statusCode, responseBody }
              : { ok: false, statusCode, error: `HTTP ${statusCode}`, responseBody },
          );
        };
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_BODY_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
          if (kept >= RESPONSE_BODY_BYTES) {
            finish();
            res.destroy();
          }
        });
        res.on('end', finish);
        res.on('error', (err) => done({ ok: false, statusCode, error: err.message }));
      },
    );
    // The whole attempt (connect, headers and body) is bounded, not only idle periods.
    const deadline = setTimeout(() => req.destroy(new Error(`timed out after ${request.timeoutMs} ms`)), request.timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`timed out after ${request.timeoutMs} ms`)));
    req.on('error', (err) => done({ ok: false, statusCode: null, error: err.message }));
    req.on('close', () => {
      clearTimeout(deadline);
      done({ ok: false, statusCode: null, error: 'connection closed' });
    });
    req.end(request.body);
  });
}
