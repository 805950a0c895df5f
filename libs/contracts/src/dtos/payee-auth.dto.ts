/**
 * Payee sign-in (issue 14, ADR 0047): sellers and print providers sign in to their dashboards with a 6-digit code
 * emailed to the address on their profile, like buyers. The request and verify bodies are the buyers' own
 * (`RequestSignInCodeDto`, `VerifySignInCodeDto`); the session lives in the httpOnly `pm_payee_session` cookie.
 */
export const PAYEE_AUTH_MESSAGES = {
  CODE_SENT: 'Check your email. If a seller or print provider profile uses it, we sent a 6-digit sign-in code. It expires in 10 minutes.',
  SIGN_IN_REQUIRED: 'Please sign in to your dashboard to continue.',
  NOT_YOURS: 'This dashboard belongs to another seller or print provider.',
} as const;

/** A seller profile the signed-in payee's email owns. */
export interface PayeeSellerProfile {
  id: string;
  businessName: string;
}

/** An approved print provider the signed-in payee's email owns. */
export interface PayeeProviderProfile {
  id: string;
  name: string;
}

/** Who is signed in to the dashboard: the email and every seller and provider profile it owns (read at each call). */
export interface SignedInPayee {
  email: string;
  sellers: PayeeSellerProfile[];
  providers: PayeeProviderProfile[];
}

/** GET /api/payee-auth/session: a signed-out visitor is an answer, not an error. */
export interface PayeeSessionState {
  payee: SignedInPayee | null;
}

/** POST /api/payee-auth/sign-in/verify and GET /api/payee-auth/me. */
export interface PayeeSessionResponse {
  payee: SignedInPayee;
}
