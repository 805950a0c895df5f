import type { ServiceDefinition } from '@paymarket/platform';
import { RequestsModule } from './requests.module.js';

export { RequestsModule };
export const requestsService: ServiceDefinition = { name: 'requests', module: (config) => RequestsModule.forRoot(config) };
