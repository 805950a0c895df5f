export * from './embedded-postgres.js';
export * from './service-database.js';
export * from './platform-tables.migration.js';
export * from './prepared-query.js';
export * from './batched-read.js';
