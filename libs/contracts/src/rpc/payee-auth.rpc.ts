import type { PayeeSessionResponse, SignedInPayee } from '../dtos/payee-auth.dto.js';
import type { SignInCodeRequested, StartedSession } from '../dtos/auth.dto.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: routing keys bound to the onboarding and catalog queues.
export const PayeeAuthRpc = {
  REQUEST_PAYEE_CODE: 'onboarding.request_payee_code',
  VERIFY_PAYEE_CODE: 'onboarding.verify_payee_code',
  RESOLVE_PAYEE_SESSION: 'onboarding.resolve_payee_session',
  END_PAYEE_SESSION: 'onboarding.end_payee_session',
} as const;

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: routing key bound to the catalog queue.
export const PayeeDirectoryRpc = {
  PAYEES_BY_EMAIL: 'catalog.payees_by_email',
} as const;

/**
 * The profiles an email owns, as catalog knows them now (ADR 0047). Internal: `stripeAccountId` is for the gateway to
 * ask payments for the provider's statement and never goes into an HTTP answer.
 */
export interface PayeesByEmail {
  sellers: SignedInPayee['sellers'];
  providers: Array<SignedInPayee['providers'][number] & { stripeAccountId: string }>;
}

export interface PayeeAuthRpcMap {
  /** The same answer whatever the address; a code is emailed only when a seller or provider profile uses it. */
  'onboarding.request_payee_code': { request: { email: string }; response: SignInCodeRequested };
  /** `previousToken`: the caller's current payee session, revoked when the new one starts (rotation). */
  'onboarding.verify_payee_code': {
    request: { email: string; code: string; previousToken?: string };
    response: StartedSession & PayeeSessionResponse;
  };
  /** `unauthorized` for a missing, unknown, expired or revoked session, or an email that no longer owns a profile. */
  'onboarding.resolve_payee_session': { request: { token: string }; response: PayeeSessionResponse };
  'onboarding.end_payee_session': { request: { token: string }; response: { ended: boolean } };
  /** Emails are matched normalised (trimmed, lower case); providers are the approved ones (print_providers). */
  'catalog.payees_by_email': { request: { email: string }; response: PayeesByEmail };
}
