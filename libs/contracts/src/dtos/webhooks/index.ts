export * from './webhook-endpoint.dto.js';
