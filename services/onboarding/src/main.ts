import 'reflect-metadata';
import { runMain, serviceConfigFromEnv, startServiceApp } from '@paymarket/platform';
import { onboardingService } from './index.js';

runMain(onboardingService.name, () => {
  const config = serviceConfigFromEnv(onboardingService.name);
  return startServiceApp(onboardingService.module(config), config);
});
