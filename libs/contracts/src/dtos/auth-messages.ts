// Free of decorators, so the sign-in pages can import these without class-validator (web/src/lib/contracts-light.ts).
export const AUTH_MESSAGES = {
  EMAIL_INVALID: 'Please enter a valid email address',
  CODE_FORMAT: 'Enter the 6-digit code from the email',
  CODE_INVALID: 'That code is not valid. Check the email or ask for a new code.',
  CODE_EXPIRED: 'That code has expired. Ask for a new one.',
  CODE_BURNED: 'Too many wrong codes. Ask for a new one.',
  RESEND_TOO_SOON: 'We just sent you a code. Wait a minute before asking for a new one.',
  CODE_SENT: 'Check your email. If it belongs to a PayMarket account, we sent a 6-digit sign-in code. It expires in 10 minutes.',
  SIGN_IN_REQUIRED: 'Please sign in to continue.',
  SIGNED_OUT: 'You are signed out.',
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_TOO_SHORT: 'Password must be at least 12 characters',
  PASSWORD_TOO_LONG: 'Password must be at most 256 characters',
  ADMIN_LOGIN_FAILED: 'Email or password is incorrect.',
  ADMIN_REQUIRED: 'Administrator sign-in required.',
  ADMIN_THROTTLED: 'Too many failed sign-in attempts. Try again later.',
} as const;

/** Sign-in constants shared by the service, the gateway and the web (ADR: sign-in codes). */
export const SIGN_IN_CODE = {
  LENGTH: 6,
  TTL_MS: 10 * 60_000,
  MAX_ATTEMPTS: 5,
  RESEND_INTERVAL_MS: 60_000,
} as const;

export const ADMIN_PASSWORD_MIN_LENGTH = 12;
