import 'reflect-metadata';
import { runMain, serviceConfigFromEnv, startServiceApp } from '@paymarket/platform';
import { paymentsService } from './index.js';

runMain(paymentsService.name, () => {
  const config = serviceConfigFromEnv(paymentsService.name);
  return startServiceApp(paymentsService.module(config), config);
});
