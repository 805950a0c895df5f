import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { signWebhook, verifyWebhookSignature } from './webhook-signature.js';

const secret = 'whsec_test_secret_value';
const body = JSON.stringify({ id: 'evt', type: 'payment.succeeded', created: 1763850000, data: { amount: '1000' } });

describe(signWebhook.name, () => {
  it('is t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const header = signWebhook(secret, body, 1763850000.7);
    const expected = createHmac('sha256', secret).update(`1763850000.${body}`).digest('hex');
    expect(header).toBe(`t=1763850000,v1=${expected}`);
  });
});

describe(verifyWebhookSignature.name, () => {
  const now = 1763850000;
  const header = signWebhook(secret, body, now);

  it("accepts PayMarket's signature of the exact body within the tolerance", () => {
    expect(verifyWebhookSignature(body, header, secret, 300, now + 299)).toBe(true);
  });

  it('refuses another body, another secret, an old or future timestamp, or a malformed header', () => {
    expect(verifyWebhookSignature(body.replace('1000', '9000'), header, secret, 300, now)).toBe(false);
    expect(verifyWebhookSignature(body, header, 'whsec_other', 300, now)).toBe(false);
    expect(verifyWebhookSignature(body, header, secret, 300, now + 301)).toBe(false);
    expect(verifyWebhookSignature(body, header, secret, 300, now - 301)).toBe(false);
    expect(verifyWebhookSignature(body, undefined, secret, 300, now)).toBe(false);
    expect(verifyWebhookSignature(body, 'v1=abc', secret, 300, now)).toBe(false);
    expect(verifyWebhookSignature(body, `t=${now},v1=${'0'.repeat(64)}`, secret, 300, now)).toBe(false);
    // A replayed signature with a fresh timestamp does not match: the timestamp is signed.
    expect(verifyWebhookSignature(body, header.replace(`t=${now}`, `t=${now + 100}`), secret, 300, now + 100)).toBe(false);
  });

  it('accepts when one of several v1 signatures matches (secret rotation)', () => {
    const v1 = header.split('v1=')[1]!;
    expect(verifyWebhookSignature(body, `t=${now},v1=${'a'.repeat(64)},v1=${v1}`, secret, 300, now)).toBe(true);
  });
});

describe('the verification snippet published on /documentation.html#webhooks', () => {
  /** The code block exactly as integrators copy it, made runnable here. */
  const documented = (): ((body: string, header: string | undefined, secret: string) => boolean) => {
    const html = readFileSync(new URL('../../../../web/public/documentation.html', import.meta.url), 'utf8');
    const section = html.slice(html.indexOf('id="webhook-signatures"'));
    const code = /<pre><code>([\s\S]*?)<\/code><\/pre>/
      .exec(section)![1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(code).toContain("import { createHmac, timingSafeEqual } from 'node:crypto';");
    const body = code.replace(/^import .*$/m, '').replace('export function', 'function');
    return new Function('createHmac', 'timingSafeEqual', `${body}\nreturn verifyPayMarketSignature;`)(createHmac, timingSafeEqual) as never;
  };

  it("verifies PayMarket's signature and refuses a tampered body or another secret", () => {
    const verify = documented();
    const header = signWebhook(secret, body, Date.now() / 1000);
    expect(verify(body, header, secret)).toBe(true);
    expect(verify(`${body} `, header, secret)).toBe(false);
    expect(verify(body, header, 'whsec_other')).toBe(false);
    expect(verify(body, signWebhook(secret, body, Date.now() / 1000 - 3600), secret)).toBe(false);
    expect(verify(body, undefined, secret)).toBe(false);
  });
});
