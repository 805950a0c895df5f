export * from './events.dto.js';
