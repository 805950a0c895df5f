import 'reflect-metadata';
import { runMain, serviceConfigFromEnv, startServiceApp } from '@paymarket/platform';
import { requestsService } from './index.js';

runMain(requestsService.name, () => {
  const config = serviceConfigFromEnv(requestsService.name);
  return startServiceApp(requestsService.module(config), config);
});
