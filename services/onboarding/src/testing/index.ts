// @paymarket/onboarding/testing: what tests of other packages use to reach a signed-in administrator and to read the
// audit trail's rows. Not part of the service: nothing in src imports it.
export { adminCreate } from '../admins/admin-create.cli.js';
export {
  nextTotpCode,
  signInEnrolledAdmin,
  signInNewAdmin,
  type SignedInTestAdmin,
} from '../admins/second-factor/sign-in-admin.testing.js';
export { auditRows, type AuditRowFilter, type Queryable } from './audit-rows.js';
export { SoftPasskey, type PasskeyCeremonyOptions } from './soft-passkey.js';
