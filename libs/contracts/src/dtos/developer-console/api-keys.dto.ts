import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { trimmed } from '../transforms.js';

import { API_KEY_ACCESS, type ApiKeyAccess } from './console-messages.js';

export { API_KEY_ACCESS, type ApiKeyAccess } from './console-messages.js';

/** Active (not revoked, not expired) keys a company may have at once. */
export const MAX_ACTIVE_API_KEYS = 10;

export const API_KEY_MESSAGES_V1 = {
  NAME: 'name must be 1-64 characters',
  ACCESS: 'access must be full or read_only',
  EXPIRES_IN_HOURS: 'expiresInHours must be a whole number of hours from 0 to 24',
  NOT_FOUND: 'API key not found.',
  TOO_MANY: `A company can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one first.`,
  NOT_ACTIVE: 'This API key is revoked or expired.',
  READ_ONLY: 'This API key is read-only.',
  FULL_ACCESS_REQUIRED: 'Managing API keys needs a full-access key or the developer console.',
} as const;

/** POST /api/v1/api-keys */
export class CreateApiKeyDto {
  @Transform(trimmed)
  @MaxLength(64, { message: API_KEY_MESSAGES_V1.NAME })
  @IsNotEmpty({ message: API_KEY_MESSAGES_V1.NAME })
  @IsString({ message: API_KEY_MESSAGES_V1.NAME })
  name!: string;

  @IsIn(API_KEY_ACCESS, { message: API_KEY_MESSAGES_V1.ACCESS })
  access!: ApiKeyAccess;
}

/** POST /api/v1/api-keys/{id}/roll: how long the old key keeps working (0 to 24 hours, default 24). */
export class RollApiKeyDto {
  @IsOptional()
  @Max(24, { message: API_KEY_MESSAGES_V1.EXPIRES_IN_HOURS })
  @Min(0, { message: API_KEY_MESSAGES_V1.EXPIRES_IN_HOURS })
  @IsInt({ message: API_KEY_MESSAGES_V1.EXPIRES_IN_HOURS })
  expiresInHours?: number;
}

/** A key as lists show it: never its secret, only the first characters to recognise it. */
export interface ApiKeyView {
  id: string;
  name: string;
  access: ApiKeyAccess;
  /** e.g. "sk_test_AbCd"; null for a key issued before prefixes were kept. */
  prefix: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

/** The answer to creating or rolling a key: the only time its secret is shown. */
export interface CreatedApiKey extends ApiKeyView {
  secret: string;
}

export interface ApiKeyList {
  data: ApiKeyView[];
}
