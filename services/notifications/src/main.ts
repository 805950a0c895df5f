import 'reflect-metadata';
import { runMain, serviceConfigFromEnv, startServiceApp } from '@paymarket/platform';
import { notificationsService } from './index.js';

runMain(notificationsService.name, () => {
  const config = serviceConfigFromEnv(notificationsService.name);
  return startServiceApp(notificationsService.module(config), config);
});
