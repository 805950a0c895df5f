import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ADMIN_PASSWORD_MIN_LENGTH, AUTH_MESSAGES } from './auth-messages.js';
import { normalisedEmail } from './transforms.js';

export { ADMIN_PASSWORD_MIN_LENGTH, AUTH_MESSAGES, SIGN_IN_CODE } from './auth-messages.js';

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
