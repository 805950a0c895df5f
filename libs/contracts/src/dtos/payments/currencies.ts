// Free of decorators so the web can import this file alone (ADR 0044, P5); create-order.dto.ts re-exports it.
export const PAYMENT_CURRENCIES = ['usd', 'cad'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];
