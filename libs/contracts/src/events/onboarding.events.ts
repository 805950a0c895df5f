// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: event names are routing keys and inbox keys.
export const OnboardingEvents = {
  BUYER_REGISTERED: 'buyer.registered',
  SIGN_IN_CODE_REQUESTED: 'sign_in.code_requested',
} as const;

export interface BuyerRegisteredPayload {
  buyerId: string;
  email: string;
  name: string;
}

/**
 * A sign-in was asked for. Known emails get the code; unknown ones (registered: false, code: null) get an invitation
 * to register instead, so the HTTP answer never tells the two apart. The code is in the payload because the
 * notifications service writes the email; the onboarding tables keep only its hash.
 */
export interface SignInCodeRequestedPayload {
  email: string;
  registered: boolean;
  /** The 6-digit code, or null when no account has this email. */
  code: string | null;
  /** Buyer's name when registered. */
  name: string | null;
  expiresAt: string;
}

export interface OnboardingEventMap {
  'buyer.registered': BuyerRegisteredPayload;
  'sign_in.code_requested': SignInCodeRequestedPayload;
}
