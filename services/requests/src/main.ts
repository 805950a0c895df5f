import 'reflect-metadata';
import { runMain, serviceConfigFromEnv, startServiceApp } from '@paymarket/platform';
import { requestsService } from './index.js';

runMain(requestsService.name, () => {
  const config = serviceConfigFromEnv(requestsService.name);
  // Seeds like catalog: the cluster process only on request (PAYMARKET_SEED=true), never in production (the seeder checks).
  const seeded = { ...config, seed: process.env.PAYMARKET_SEED === 'true' };
  return startServiceApp(requestsService.module(seeded), seeded);
});
