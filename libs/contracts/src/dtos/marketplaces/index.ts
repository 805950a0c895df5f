export * from './marketplace-rules.js';
export * from './setup-marketplace.dto.js';
export * from './marketplace-tenant.dto.js';
export * from './embed.dto.js';
