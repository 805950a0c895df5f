export * from './payment-messages.js';
export * from './amount.js';
export * from './create-order.dto.js';
export * from './direct-payment.dto.js';
export * from './api-order.dto.js';
export * from './api-refund.dto.js';
