import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header carrying PayMarket's signature of a webhook request (ADR 0033). */
export const SIGNATURE_HEADER = 'PayMarket-Signature';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed with the company's whsec_… secret (Stripe-style):
 * the timestamp is signed with the body, so a captured request cannot be replayed later with a fresh timestamp.
 */
export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  const t = Math.floor(timestampSeconds);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * What an integrator runs on its side (documented in ADR 0033 and on /documentation): true when `header` is a
 * signature of exactly `body` (the raw request bytes as text, before any JSON parsing) by `secret`, made at most
 * `toleranceSeconds` ago. Self-contained on purpose: it only needs node:crypto.
 */
export function verifyWebhookSignature(
  body: string,
  header: string | undefined,
  secret: string,
  toleranceSeconds = 300,
  nowSeconds = Date.now() / 1000,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest();
  return parts
    .filter(([k, v]) => k === 'v1' && v !== undefined && /^[0-9a-f]{64}$/.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v!, 'hex'), expected));
}
