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
        `curl -X POST ${origin}/api/orders \\`,
        `  -H "Authorization: Bearer $PAYMARKET_API_KEY" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -H "Origin: https://${domain}" \\`,
        `  -d '{"orderId": "order_1001", "amount": 100, "currency": "usd", "description": "Order order_1001"}'`,
      ].join('\n');
    case 'webhooks':
      return [
        `// https://${domain}/webhooks/paymarket`,
        `app.post('/webhooks/paymarket', express.json(), (req, res) => {`,
        `  const event = req.body; // { id, name, occurredAt, data }`,
        `  switch (event.name) {`,
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
