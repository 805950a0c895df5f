import { EMBED_EVENTS, isDomainName, MARKETPLACE_WEBHOOK_EVENTS, normaliseDomain } from '@/lib/contracts-light';

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

/** The embed widget's `data-` attributes (ADR 0052), on the script tag or its container; the script's own win. */
export const WIDGET_ATTRIBUTES: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'data-marketplace', description: 'Required. The domain your marketplace registered; the page must be on one of its domains.' },
  { name: 'data-seller', description: 'A seller’s id: the buyer pays this seller (no choice shown).' },
  {
    name: 'data-provider',
    description:
      'A print provider’s connected account (acct_…): the buyer pays this provider; with data-seller, the provider that makes the order.',
  },
  {
    name: 'data-provider-cost',
    description:
      'With data-seller and data-provider: the provider’s cost inside the amount, e.g. 46.44 (it gets that, the seller the rest).',
  },
  { name: 'data-amount', description: 'The amount, e.g. 25.00 (shown fixed). Without it the buyer enters one.' },
  { name: 'data-currency', description: 'usd or cad (shown fixed). Without it the buyer chooses.' },
  { name: 'data-order-id', description: 'Your own reference for the order (letters, digits, - and _); PayMarket makes one without it.' },
  {
    name: 'data-target',
    description: 'A CSS selector of the element to render into. Default: #paymarket-checkout, else right after the script.',
  },
];

/** The DOM events the widget dispatches on its container (they bubble); `detail` holds these fields. */
export const WIDGET_EVENTS: ReadonlyArray<{ name: string; when: string; detail: string }> = [
  { name: EMBED_EVENTS.READY, when: 'The checkout is shown.', detail: 'marketplace' },
  { name: EMBED_EVENTS.RESIZE, when: 'The checkout changed height (the widget resizes the iframe itself).', detail: 'marketplace, height' },
  {
    name: EMBED_EVENTS.SUCCEEDED,
    when: 'PayMarket confirmed the payment.',
    detail: 'marketplace, orderId (GET /api/v1/orders/{orderId}), reference (your data-order-id), paymentIntentId, amount, currency',
  },
  {
    name: EMBED_EVENTS.FAILED,
    when: 'The card was declined or not confirmed.',
    detail: 'marketplace, orderId, reference, paymentIntentId, amount, currency, message',
  },
  {
    name: EMBED_EVENTS.NOT_ENABLED,
    when: 'This page may not show the checkout (not one of the marketplace’s domains, or not ready to take payments).',
    detail: 'marketplace, message',
  },
];

/** A host page's listener for the widget's events; confirm on your server with the order id before fulfilling. */
export function widgetListenerSnippet(): string {
  return [
    `<script>`,
    `  const checkout = document.getElementById('paymarket-checkout');`,
    `  checkout.addEventListener('${EMBED_EVENTS.SUCCEEDED}', (event) => {`,
    `    const { orderId, reference, paymentIntentId, amount, currency } = event.detail;`,
    `    // Confirm on your server (GET /api/v1/orders/{orderId} or the payment.succeeded webhook) before fulfilling.`,
    `    fetch('/orders/paid', { method: 'POST', body: JSON.stringify({ orderId, reference, paymentIntentId }) });`,
    `  });`,
    `  checkout.addEventListener('${EMBED_EVENTS.FAILED}', (event) => console.warn(event.detail.message));`,
    `  checkout.addEventListener('${EMBED_EVENTS.NOT_ENABLED}', (event) => console.warn(event.detail.message));`,
    `</script>`,
  ].join('\n');
}
