export * from './api-access.dto.js';
