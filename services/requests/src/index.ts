import type { ServiceDefinition } from '@paymarket/platform';
import { RequestsModule } from './requests.module.js';

export { RequestsModule };
export const requestsService: ServiceDefinition = { name: 'requests', module: (config) => RequestsModule.forRoot(config) };
/** The demonstration requests an empty board gets when seeding (ADR 0066): tests and tools can tell them apart. */
export { DEMO_BUYER_ID_PREFIX, SEED_BUYER_REQUESTS } from './seed/requests-seed-data.js';
