export * from './quote.dto.js';
