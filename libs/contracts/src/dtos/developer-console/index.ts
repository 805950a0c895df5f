export * from './api-keys.dto.js';
export * from './console.dto.js';
