import type { ServiceDefinition } from '@paymarket/platform';
import { OnboardingModule } from './onboarding.module.js';

export { OnboardingModule };
export const onboardingService: ServiceDefinition = { name: 'onboarding', module: (config) => OnboardingModule.forRoot(config) };
export { adminCreate } from './admins/admin-create.cli.js';
export { nextTotpCode, signInEnrolledAdmin, signInNewAdmin, type SignedInTestAdmin } from './admins/second-factor/sign-in-admin.testing.js';
