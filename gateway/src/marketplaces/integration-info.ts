import { MARKETPLACE_FEE_DEFAULTS, MARKETPLACE_WEBHOOK_EVENTS, type IntegrationInfoResponse } from '@paymarket/contracts';

/** GET /api/integration-info: static facts for integrators, the same ones /documentation.html explains. */
export const INTEGRATION_INFO: IntegrationInfoResponse = {
  name: 'PayMarket',
  documentationUrl: '/documentation.html',
  currencies: ['usd', 'cad'],
  fees: {
    transactionFee: { usd: '3.56', cad: '4.79' },
    customFeeDefaults: {
      transactionFee: MARKETPLACE_FEE_DEFAULTS.transactionFee,
      platformFeePercent: MARKETPLACE_FEE_DEFAULTS.platformFee,
    },
  },
  webhookEvents: MARKETPLACE_WEBHOOK_EVENTS.map((e) => ({ name: e.name, description: e.description })),
  endpoints: [
    { method: 'POST', path: '/api/setup-marketplace', description: 'Register a white-label marketplace.' },
    { method: 'POST', path: '/api/request-api-access', description: 'Request API keys; verified automatically.' },
    { method: 'GET', path: '/api/integration-info', description: 'This summary: fees, currencies, webhook events, endpoints.' },
    { method: 'GET', path: '/api/print-providers', description: 'Approved print providers and their connected accounts.' },
    { method: 'GET', path: '/api/sellers-showcase', description: 'Public seller directory with category counts.' },
    { method: 'POST', path: '/api/v1/orders', description: 'Create an order (API key; orderId, amount, currency, recipient).' },
    {
      method: 'POST',
      path: '/api/v1/orders/{id}/payment-intent',
      description: 'Prepare the card payment of an order (API key; the id POST /api/v1/orders answered).',
    },
    { method: 'GET', path: '/api/v1/orders/{id}', description: 'Read one of your orders and its status (API key).' },
    { method: 'GET', path: '/api/v1/orders', description: 'Your orders, newest first (API key; ?limit=, ?cursor=, ?orderId=).' },
    { method: 'POST', path: '/api/v1/refunds', description: 'Refund all or part of a paid order, in minor units (API key).' },
    { method: 'GET', path: '/api/v1/events', description: 'The events of the last 30 days, to reconcile missed webhooks (API key).' },
    {
      method: 'POST',
      path: '/api/v1/payments/{paymentIntentId}/test-card',
      description: 'Development mode only: pay your order with a Stripe test card (API key).',
    },
    { method: 'POST', path: '/api/create-buyer-seller-payment', description: 'Prepare a direct payment to a seller.' },
    { method: 'GET', path: '/api/payments/{id}', description: 'Read a payment and its status.' },
  ],
};
