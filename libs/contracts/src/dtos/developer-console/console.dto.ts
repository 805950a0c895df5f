import { Transform } from 'class-transformer';
import { IsEmail, IsString, Matches, MaxLength } from 'class-validator';
import { normalisedEmail } from '../transforms.js';
import { AUTH_MESSAGES } from '../auth.dto.js';

export { CONSOLE_MESSAGES } from './console-messages.js';

/** POST /api/console/sign-in/code */
export class ConsoleSignInCodeDto {
  @Transform(normalisedEmail)
  @MaxLength(254, { message: AUTH_MESSAGES.EMAIL_INVALID })
  @IsEmail({}, { message: AUTH_MESSAGES.EMAIL_INVALID })
  email!: string;
}

/** POST /api/console/sign-in/verify */
export class ConsoleSignInVerifyDto {
  @Transform(normalisedEmail)
  @MaxLength(254, { message: AUTH_MESSAGES.EMAIL_INVALID })
  @IsEmail({}, { message: AUTH_MESSAGES.EMAIL_INVALID })
  email!: string;

  @Matches(/^\d{6}$/, { message: AUTH_MESSAGES.CODE_FORMAT })
  @IsString({ message: AUTH_MESSAGES.CODE_FORMAT })
  code!: string;
}

/** The company signed in to the developer console. */
export interface ConsoleCompany {
  id: string;
  name: string;
  email: string;
  website: string;
  /** The public identifier (pk_…). */
  apiKey: string;
  livemode: boolean;
}

/** GET /api/console/me: null when nobody is signed in (never a 401, so a signed-out visit logs no error). */
export interface ConsoleMeResponse {
  company: ConsoleCompany | null;
}

export interface ConsoleSignInCodeResponse {
  message: string;
}
