import type { ServiceDefinition } from '@paymarket/platform';
import { CatalogModule } from './catalog.module.js';

export { CatalogModule };
export const catalogService: ServiceDefinition = { name: 'catalog', module: (config) => CatalogModule.forRoot(config) };
