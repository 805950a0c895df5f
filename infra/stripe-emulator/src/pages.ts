import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { parse } from 'qs';
import { formatAmount } from './money.js';
import { completeOnboarding } from './resources/accounts.js';
import { finishAuthentication } from './resources/payment-intents.js';
import type { EmulatorState } from './state.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(res: ServerResponse, status: number, title: string, body: string): void {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Stripe emulator</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;display:flex;justify-content:center;padding:48px 16px;margin:0}
main{background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.08);padding:32px;max-width:440px;width:100%}
h1{font-size:20px;margin:0 0 8px}p{line-height:1.5;color:#3c4257}.badge{display:inline-block;font-size:12px;background:#ffde92;border-radius:4px;padding:2px 6px;margin-bottom:16px}
button{font-size:15px;border:0;border-radius:6px;padding:10px 16px;cursor:pointer;margin:8px 8px 0 0}.primary{background:#635bff;color:#fff}.secondary{background:#e3e8ee;color:#1a1f36}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px}dt{color:#697386}dd{margin:0}
</style></head><body><main><span class="badge">TEST MODE · Stripe emulator</span>${body}</main></body></html>`;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

function sameSecret(a: string, b: string | null): boolean {
  if (b === null) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function withQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return target.toString();
}

/**
 * The two pages a person visits on Stripe's side: Connect onboarding (from an account link) and 3D Secure
 * authentication (from a PaymentIntent's next_action). Returns false when the path is not one of them.
 */
export function handlePage(state: EmulatorState, req: IncomingMessage, res: ServerResponse, url: URL, body: string): boolean {
  const onboarding = /^\/emulator\/connect\/onboarding\/([A-Za-z0-9]+)$/.exec(url.pathname);
  if (onboarding) {
    const link = state.accountLinks.get(onboarding[1]!);
    if (!link) {
      page(res, 404, 'Link not found', '<h1>This link is not valid</h1><p>Ask the platform for a new onboarding link.</p>');
      return true;
    }
    const account = state.accounts.get(link.account)!;
    if (link.used || link.expiresAt < Date.now() / 1000) {
      // Stripe sends a visitor of an expired or used link to refresh_url, where the platform makes a new link.
      redirect(res, link.refreshUrl);
      return true;
    }
    if (req.method === 'POST') {
      link.used = true;
      completeOnboarding(state, account);
      redirect(res, link.returnUrl);
      return true;
    }
    const name = account.business_profile?.name ?? account.email ?? account.id;
    page(
      res,
      200,
      'Connect onboarding',
      `<h1>Set up payouts for ${escapeHtml(name)}</h1>
<p>In test mode no real details are needed. Submitting enables charges, payouts and transfers for <code>${escapeHtml(account.id)}</code>.</p>
<form method="post"><button class="primary" type="submit">Agree and submit</button></form>
<p><a href="${escapeHtml(link.refreshUrl)}">Cancel and return</a></p>`,
    );
    return true;
  }

  const authentication = /^\/emulator\/3ds\/(pi_[A-Za-z0-9]+)$/.exec(url.pathname);
  if (authentication) {
    const record = state.paymentIntents.get(authentication[1]!);
    const form = req.method === 'POST' ? (parse(body) as Record<string, unknown>) : {};
    const secret = req.method === 'POST' ? String(form.client_secret ?? '') : (url.searchParams.get('client_secret') ?? '');
    if (!record || !sameSecret(secret, record.intent.client_secret)) {
      page(res, 404, 'Not found', '<h1>This authentication request is not valid</h1>');
      return true;
    }
    const intent = record.intent;
    if (req.method === 'POST') {
      const returnUrl = record.authentication?.returnUrl ?? null;
      if (intent.status === 'requires_action') finishAuthentication(state, record, form.result === 'complete');
      const outcome = intent.status === 'succeeded' ? 'succeeded' : 'failed';
      if (returnUrl) {
        redirect(
          res,
          withQuery(returnUrl, {
            payment_intent: intent.id,
            payment_intent_client_secret: intent.client_secret ?? '',
            redirect_status: outcome,
          }),
        );
      } else {
        page(
          res,
          200,
          'Authentication finished',
          `<h1>Authentication ${outcome === 'succeeded' ? 'complete' : 'failed'}</h1><p>You can close this window.</p>`,
        );
      }
      return true;
    }
    if (intent.status !== 'requires_action') {
      page(res, 200, 'Nothing to authenticate', `<h1>Nothing to authenticate</h1><p>This payment is ${escapeHtml(intent.status)}.</p>`);
      return true;
    }
    page(
      res,
      200,
      '3D Secure authentication',
      `<h1>3D Secure test payment page</h1>
<p>This page stands in for the card issuer's authentication step.</p>
<dl><dt>Amount</dt><dd>${escapeHtml(formatAmount(intent.amount, intent.currency.toUpperCase()))}</dd><dt>Payment</dt><dd><code>${escapeHtml(intent.id)}</code></dd></dl>
<form method="post"><input type="hidden" name="client_secret" value="${escapeHtml(intent.client_secret ?? '')}">
<button class="primary" type="submit" name="result" value="complete">Complete authentication</button>
<button class="secondary" type="submit" name="result" value="fail">Fail authentication</button></form>`,
    );
    return true;
  }
  return false;
}
