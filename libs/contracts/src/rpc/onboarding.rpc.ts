import type { RegisterBuyerDto } from '../dtos/register-buyer.dto.js';
import type { RegisterBuyerResponse } from '../api/responses.js';
import type {
  AdminSessionResponse,
  BuyerSessionResponse,
  SignInCodeRequested,
  SignedInAdmin,
  SignedInBuyer,
  StartedSession,
} from '../dtos/auth.dto.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: they are routing keys bound to service queues.
export const OnboardingRpc = {
  REGISTER_BUYER: 'onboarding.register_buyer',
  REQUEST_SIGN_IN_CODE: 'onboarding.request_sign_in_code',
  VERIFY_SIGN_IN_CODE: 'onboarding.verify_sign_in_code',
  RESOLVE_BUYER_SESSION: 'onboarding.resolve_buyer_session',
  END_BUYER_SESSION: 'onboarding.end_buyer_session',
  ADMIN_LOGIN: 'onboarding.admin_login',
  RESOLVE_ADMIN_SESSION: 'onboarding.resolve_admin_session',
  END_ADMIN_SESSION: 'onboarding.end_admin_session',
} as const;

export interface OnboardingRpcMap {
  'onboarding.register_buyer': { request: RegisterBuyerDto; response: RegisterBuyerResponse };
  'onboarding.request_sign_in_code': { request: { email: string }; response: SignInCodeRequested };
  /** `previousToken`: the caller's current session, revoked when the new one starts (rotation). */
  'onboarding.verify_sign_in_code': {
    request: { email: string; code: string; previousToken?: string };
    response: StartedSession & { buyer: SignedInBuyer };
  };
  /** Answers `unauthorized` for a missing, unknown, expired or revoked session; slides the idle expiry. */
  'onboarding.resolve_buyer_session': { request: { token: string }; response: BuyerSessionResponse };
  'onboarding.end_buyer_session': { request: { token: string }; response: { ended: boolean } };
  /** `ip` feeds the per-IP failure throttle; answers `rate_limited` with retryAfterSeconds when throttled. */
  'onboarding.admin_login': {
    request: { email: string; password: string; ip: string; previousToken?: string };
    response: StartedSession & { admin: SignedInAdmin };
  };
  'onboarding.resolve_admin_session': { request: { token: string }; response: AdminSessionResponse };
  'onboarding.end_admin_session': { request: { token: string }; response: { ended: boolean } };
}
