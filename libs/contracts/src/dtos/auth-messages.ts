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
  // The administrator's second factor (ADR 0072).
  SECOND_FACTOR_REQUIRED: 'Second factor required. Finish signing in with your authenticator code, a recovery code or a passkey.',
  FULL_SESSION_REQUIRED: 'Sign in with your second factor before changing it.',
  TOTP_CODE_FORMAT: 'Enter the 6-digit code from your authenticator app',
  TOTP_CODE_INVALID: 'That authenticator code is not valid. Check that the clock of your device is right and enter the current code.',
  TOTP_CODE_REUSED: 'That authenticator code was already used. Wait for the next code.',
  TOTP_NOT_STARTED: 'Start setting up the authenticator app first.',
  SECOND_FACTOR_ALREADY_SET_UP: 'A second factor is already set up for this account: sign in with it.',
  RECOVERY_CODE_FORMAT: 'Enter a recovery code: 12 letters and digits, such as abcdef-234567',
  RECOVERY_CODE_INVALID: 'That recovery code is not valid or was already used.',
  SECOND_FACTOR_THROTTLED: 'Too many wrong second-factor attempts. Try again later.',
  PASSKEY_RESPONSE_REQUIRED: "response must be the browser's passkey answer",
  PASSKEY_FAILED: 'The passkey could not be verified. Try again, or use your authenticator code.',
  PASSKEY_EXPIRED: 'The passkey request expired. Try again.',
  PASSKEY_NONE: 'No passkey is registered for this account: use your authenticator code or a recovery code.',
  PASSKEY_NOT_FOUND: 'No passkey with that id is registered for this account.',
  LAST_FACTOR: 'Keep at least one second factor: set up the authenticator app before removing your last passkey.',
  // Sessions that can be ended (ADR 0074).
  SESSION_ID_INVALID: 'id must be a session id (a UUID)',
  SESSION_NOT_FOUND: 'No active session with that id was found for this account.',
} as const;

/** TOTP parameters (RFC 6238, ADR 0072): what authenticator apps assume by default. */
export const ADMIN_TOTP = { DIGITS: 6, PERIOD_SECONDS: 30, ALGORITHM: 'SHA1', ISSUER: 'PayMarket' } as const;

/** How many single-use recovery codes an administrator is given at a time. */
export const ADMIN_RECOVERY_CODE_COUNT = 10;

/** Sign-in constants shared by the service, the gateway and the web (ADR: sign-in codes). */
export const SIGN_IN_CODE = {
  LENGTH: 6,
  TTL_MS: 10 * 60_000,
  MAX_ATTEMPTS: 5,
  RESEND_INTERVAL_MS: 60_000,
} as const;

export const ADMIN_PASSWORD_MIN_LENGTH = 12;
