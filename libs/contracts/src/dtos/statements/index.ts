export * from './statement.dto.js';
