import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { normalisedEmail } from './transforms.js';

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

/** POST /api/auth/sign-in/code */
export class RequestSignInCodeDto {
  @Transform(normalisedEmail)
  @MaxLength(254, { message: AUTH_MESSAGES.EMAIL_INVALID })
  @IsEmail({}, { message: AUTH_MESSAGES.EMAIL_INVALID })
  email!: string;
}

/** POST /api/auth/sign-in/verify */
export class VerifySignInCodeDto {
  @Transform(normalisedEmail)
  @MaxLength(254, { message: AUTH_MESSAGES.EMAIL_INVALID })
  @IsEmail({}, { message: AUTH_MESSAGES.EMAIL_INVALID })
  email!: string;

  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value))
  @Matches(/^\d{6}$/, { message: AUTH_MESSAGES.CODE_FORMAT })
  @IsString({ message: AUTH_MESSAGES.CODE_FORMAT })
  code!: string;
}

/** POST /api/admin/login */
export class AdminLoginDto {
  @Transform(normalisedEmail)
  @MaxLength(254, { message: AUTH_MESSAGES.EMAIL_INVALID })
  @IsEmail({}, { message: AUTH_MESSAGES.EMAIL_INVALID })
  email!: string;

  // Not trimmed: spaces are legitimate password characters. Length is checked at creation, not at login.
  @MaxLength(256, { message: AUTH_MESSAGES.PASSWORD_TOO_LONG })
  @IsNotEmpty({ message: AUTH_MESSAGES.PASSWORD_REQUIRED })
  @IsString({ message: AUTH_MESSAGES.PASSWORD_REQUIRED })
  password!: string;
}

/** `npm run admin:create -- --email … --password …` */
export class CreateAdminDto {
  @Transform(normalisedEmail)
  @MaxLength(254, { message: AUTH_MESSAGES.EMAIL_INVALID })
  @IsEmail({}, { message: AUTH_MESSAGES.EMAIL_INVALID })
  email!: string;

  @MaxLength(256, { message: AUTH_MESSAGES.PASSWORD_TOO_LONG })
  @MinLength(ADMIN_PASSWORD_MIN_LENGTH, { message: AUTH_MESSAGES.PASSWORD_TOO_SHORT })
  @IsString({ message: AUTH_MESSAGES.PASSWORD_REQUIRED })
  password!: string;
}

export interface SignedInBuyer {
  id: string;
  name: string;
  email: string;
}

export interface SignedInAdmin {
  id: string;
  email: string;
}

/** 202 answer of POST /api/auth/sign-in/code: identical for known and unknown emails. */
export interface SignInCodeRequested {
  message: string;
}

export interface BuyerSessionResponse {
  buyer: SignedInBuyer;
}

export interface AdminSessionResponse {
  admin: SignedInAdmin;
}

/** GET /api/auth/session: who is signed in, or null — never an error status, so a signed-out page logs no error. */
export interface BuyerSessionState {
  buyer: SignedInBuyer | null;
}

/** GET /api/admin/session: the signed-in administrator, or null (never an error status). */
export interface AdminSessionState {
  admin: SignedInAdmin | null;
}

/** What onboarding returns to the gateway when a session starts: the raw token exists only in this reply and the cookie. */
export interface StartedSession {
  token: string;
  /** Absolute expiry (ISO): the cookie's lifetime. */
  expiresAt: string;
}
