import { isDomainName, MARKETPLACE_WEBHOOK_EVENTS, normaliseDomain } from '@paymarket/contracts';

export type SnippetKind = 'widget' | 'rest' | 'webhooks' | 'sdk';

export const PLACEHOLDER_DOMAIN = 'your-marketplace.com';

/** The domain the snippets use: what was typed, normalised like the server does, or a placeholder while empty. */
export function snippetDomain(typed: string): string {
  const domain = normaliseDomain(typed);
  return typeof domain === 'string' && domain !== '' ? domain : PLACEHOLDER_DOMAIN;
}

export function isUsableDomain(typed: string): boolean {
  return typed.trim() === '' || isDomainName(normaliseDomain(typed));
}

/** The SDK version this build serves at /sdk/ (libs/sdk/package.json, put in by vite.config.ts and jest.config.js). */
export const SDK_VERSION: string = __PAYMARKET_SDK_VERSION__;

/** How an integrator installs the SDK this PayMarket serves (ADR 0053): npm straight from its URL. */
export function sdkInstallCommand(origin: string): string {
  return `npm install ${origin}/sdk/paymarket-sdk-${SDK_VERSION}.tgz`;
}

/** Code for each integration path; `origin` is where this PayMarket runs, `domain` the integrator's marketplace. */
export function integrationSnippet(kind: SnippetKind, domain: string, origin: string): string {
  switch (kind) {
    case 'widget':
      return [
        `<!-- Add to a page on ${domain} -->`,
        `<div id="paymarket-checkout" data-marketplace="${domain}" data-currency="usd"></div>`,
        `<script src="${origin}/widget.js" data-marketplace="${domain}" async></script>`,
      ].join('\n');
    case 'rest':
      return [
        `# From ${domain}'s server, with your secret key (sk_…). 1. Create the order:`,
        `curl -X POST ${origin}/api/v1/orders \\`,
        `  -H "Authorization: Bearer $PAYMARKET_SECRET_KEY" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -H "Idempotency-Key: order_1001" \\`,
        `  -d '{"orderId": "order_1001", "amount": "100.00", "currency": "usd", "recipient": "acct_…", "description": "Order from ${domain}"}'`,
        ``,
        `# 2. Prepare the payment with the order's "id" from step 1; confirm its clientSecret with Stripe.js on your page:`,
        `curl -X POST ${origin}/api/v1/orders/$ORDER_ID/payment-intent \\`,
        `  -H "Authorization: Bearer $PAYMARKET_SECRET_KEY"`,
        ``,
        `# 3. Read the order's status:`,
        `curl ${origin}/api/v1/orders/$ORDER_ID -H "Authorization: Bearer $PAYMARKET_SECRET_KEY"`,
      ].join('\n');
    case 'webhooks':
      return [
        `// https://${domain}/webhooks/paymarket (register it: POST /api/v1/webhook-endpoints, or in the developer console)`,
        `// Standard Webhooks: verify with @paymarket/sdk's verifyWebhook (or any Standard Webhooks library).`,
        `import { verifyWebhook } from '@paymarket/sdk';`,
        ``,
        `app.post('/webhooks/paymarket', express.raw({ type: 'application/json' }), (req, res) => {`,
        `  let event;`,
        `  try {`,
        `    event = verifyWebhook(req.body, req.headers, process.env.PAYMARKET_WEBHOOK_SECRET); // the endpoint's whsec_…`,
        `  } catch {`,
        `    return res.sendStatus(400);`,
        `  }`,
        `  // event: { type, timestamp, data }; dedupe on req.headers['webhook-id'] (the same on every retry)`,
        `  switch (event.type) {`,
        ...MARKETPLACE_WEBHOOK_EVENTS.map((e) => `    case '${e.name}':`),
        `      handle(req.headers['webhook-id'], event);`,
        `      break;`,
        `  }`,
        `  res.sendStatus(200);`,
        `});`,
      ].join('\n');
    case 'sdk':
      return [
        `// Install the SDK from this PayMarket (no registry needed; ${origin}/sdk/latest.json names the current file):`,
        `//   ${sdkInstallCommand(origin)}`,
        `// Typed from PayMarket's OpenAPI document (${origin}/documentation); Node.js ≥ 20.19, ES modules.`,
        `import { createPayMarketClient } from '@paymarket/sdk';`,
        ``,
        `const paymarket = createPayMarketClient({ baseUrl: '${origin}', apiKey: process.env.PAYMARKET_SECRET_KEY });`,
        ``,
        `const { data: order, error } = await paymarket.POST('/api/v1/orders', {`,
        `  body: { orderId: 'order_1001', amount: '100.00', currency: 'usd', recipient: 'acct_…', description: 'Order from ${domain}' },`,
        `});`,
        `if (error) throw new Error(error.message); // error: { statusCode, error, message, fields? }`,
        `const { data: payment } = await paymarket.POST('/api/v1/orders/{id}/payment-intent', {`,
        `  params: { path: { id: order.id } },`,
        `});`,
        `// Confirm payment.clientSecret with Stripe.js on your page; PayMarket then sends payment.succeeded.`,
      ].join('\n');
  }
}
