export * from './webhook-endpoint.dto.js';
export * from './webhook-delivery.dto.js';
