import type { ServiceDefinition } from '@paymarket/platform';
import { OnboardingModule } from './onboarding.module.js';

export { OnboardingModule };
export const onboardingService: ServiceDefinition = { name: 'onboarding', module: (config) => OnboardingModule.forRoot(config) };
export { verifyAuditLogAt, formatAuditReport, type AuditLogReport } from './audit/verify-audit-log.js';
// Test helpers (signing in an administrator, reading audit rows) are in @paymarket/onboarding/testing.
