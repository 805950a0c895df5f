import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsObject, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ADMIN_PASSWORD_MIN_LENGTH, AUTH_MESSAGES } from './auth-messages.js';
import { normalisedEmail } from './transforms.js';

export { ADMIN_PASSWORD_MIN_LENGTH, ADMIN_RECOVERY_CODE_COUNT, ADMIN_TOTP, AUTH_MESSAGES, SIGN_IN_CODE } from './auth-messages.js';

const withoutSpaces = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value);

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

/** POST /api/admin/second-factor/totp/confirm and /verify/totp: the authenticator app's current code (ADR 0072). */
export class AdminTotpCodeDto {
  @Transform(withoutSpaces)
  @Matches(/^\d{6}$/, { message: AUTH_MESSAGES.TOTP_CODE_FORMAT })
  @IsString({ message: AUTH_MESSAGES.TOTP_CODE_FORMAT })
  code!: string;
}

/** POST /api/admin/second-factor/verify/recovery: one of the single-use recovery codes, with or without its dash. */
export class AdminRecoveryCodeDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/[\s-]+/g, '').toLowerCase() : value))
  @Matches(/^[a-z2-7]{12}$/, { message: AUTH_MESSAGES.RECOVERY_CODE_FORMAT })
  @IsString({ message: AUTH_MESSAGES.RECOVERY_CODE_FORMAT })
  recoveryCode!: string;
}

/** POST /api/admin/second-factor/passkeys and /verify/passkey: what @simplewebauthn/browser answered, verified by onboarding. */
export class AdminPasskeyResponseDto {
  @IsObject({ message: AUTH_MESSAGES.PASSKEY_RESPONSE_REQUIRED })
  response!: Record<string, unknown>;
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

/**
 * Where a half-signed-in administrator stands (ADR 0072): the password was right, the second factor is still to come.
 * `enrol`: no factor yet, so one is set up now; `verify`: sign in with one of the factors listed.
 */
export interface PendingSecondFactor {
  email: string;
  step: 'enrol' | 'verify';
  totp: boolean;
  passkeys: boolean;
}

/**
 * GET /api/admin/session: the signed-in administrator, or null (never an error status). A session whose second
 * factor is still to come is not signed in (`admin: null`); `secondFactor` says which step the sign-in is at.
 */
export interface AdminSessionState {
  admin: SignedInAdmin | null;
  secondFactor?: PendingSecondFactor;
}

/** POST /api/admin/login: the password was right; the session waits for the second factor. */
export interface AdminLoginResponse {
  admin: null;
  secondFactor: PendingSecondFactor;
}

/** POST /api/admin/second-factor/totp/enrol: the new secret, shown once as a QR code and as text. */
export interface TotpEnrolment {
  /** Base32, as typed into an authenticator app by hand. */
  secret: string;
  otpauthUri: string;
  /** The otpauth URI drawn as an SVG image (a data: URL). */
  qrCode: string;
}

export interface AdminPasskeyView {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET /api/admin/second-factor: the signed-in administrator's factors. */
export interface AdminSecondFactorStatus {
  totp: boolean;
  passkeys: AdminPasskeyView[];
  recoveryCodesLeft: number;
}

/**
 * A factor was set up (or the recovery codes renewed): `recoveryCodes` are shown this once, never stored in clear.
 * The session was replaced by a fully signed-in one.
 */
export interface AdminSecondFactorEnrolled {
  admin: SignedInAdmin;
  recoveryCodes: string[];
}

/** One of the caller's live sessions (ADR 0074): where it was started and when it was last used. */
export interface AccountSession {
  /** The session's public id (a uuid), never its token. */
  id: string;
  /** A readable label made from the user agent, e.g. "Chrome on Linux"; "Unknown device" when none was recorded. */
  device: string;
  /** The client address the gateway saw when the session started; null when none was recorded. */
  ip: string | null;
  createdAt: string;
  /** Recorded at most once a minute. */
  lastSeenAt: string;
  /** The session making this request. */
  current: boolean;
}

/** GET /api/admin/sessions and /api/console/sessions: the caller's own live sessions, newest first. */
export interface AccountSessionList {
  sessions: AccountSession[];
}

/** DELETE of one session or of every other one: how many ended, and whether the caller's own was among them. */
export interface EndedSessions {
  ended: number;
  /** True when the caller ended the session making the request: they are signed out (the cookie is cleared). */
  signedOut: boolean;
}

/** The session kinds whose owners can list and end their sessions (ADR 0074); buyers and payees may follow. */
export type EndableSessionKind = 'admin' | 'console';

/** What onboarding returns to the gateway when a session starts: the raw token exists only in this reply and the cookie. */
export interface StartedSession {
  token: string;
  /** Absolute expiry (ISO): the cookie's lifetime. */
  expiresAt: string;
}
