import 'reflect-metadata';
import { runMain, serviceConfigFromEnv, startServiceApp } from '@paymarket/platform';
import { catalogService } from './index.js';

runMain(catalogService.name, () => {
  const config = serviceConfigFromEnv(catalogService.name);
  // Cluster mode seeds only on request (PAYMARKET_SEED=true); embedded mode seeds unless PAYMARKET_SEED=false.
  const seeded = { ...config, seed: process.env.PAYMARKET_SEED === 'true' };
  return startServiceApp(catalogService.module(seeded), seeded);
});
