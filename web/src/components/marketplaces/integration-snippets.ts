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
        `# 2. Prepare the payment; confirm its clientSecret with Stripe.js on your page:`,
        `curl -X POST ${origin}/api/v1/orders/order_1001/payment-intent \\`,
        `  -H "Authorization: Bearer $PAYMARKET_SECRET_KEY"`,
        ``,
        `# 3. Read the order's status:`,
        `curl ${origin}/api/v1/orders/order_1001 -H "Authorization: Bearer $PAYMARKET_SECRET_KEY"`,
      ].join('\n');
    case 'webhooks':
      return [
        `// https://${domain}/webhooks/paymarket (register it: POST /api/v1/webhook-endpoints)`,
        `app.post('/webhooks/paymarket', express.raw({ type: 'application/json' }), (req, res) => {`,
        `  // verifyPayMarketSignature: see /documentation.html#webhooks`,
        `  const secret = process.env.PAYMARKET_WEBHOOK_SECRET; // whsec_…`,
        `  if (!verifyPayMarketSignature(req.body.toString('utf8'), req.get('PayMarket-Signature'), secret)) return res.sendStatus(400);`,
        `  const event = JSON.parse(req.body); // { id, type, created, data }`,
        `  switch (event.type) {`,
        ...MARKETPLACE_WEBHOOK_EVENTS.map((e) => `    case '${e.name}':`),
        `      handle(event); // deduplicate on event.id: deliveries may repeat`,
        `      break;`,
        `  }`,
        `  res.sendStatus(200);`,
        `});`,
      ].join('\n');
    case 'sdk':
      return [
        `import { PayMarket } from '@paymarket/sdk';`,
        ``,
        `const paymarket = new PayMarket({`,
        `  apiKey: process.env.PAYMARKET_API_KEY,`,
        `  marketplace: '${domain}',`,
        `  baseUrl: '${origin}',`,
        `});`,
        ``,
        `const order = await paymarket.orders.create({ orderId: 'order_1001', amount: 100, currency: 'usd' });`,
        `const payment = await paymarket.payments.createIntent({ orderId: order.orderId });`,
      ].join('\n');
  }
}
