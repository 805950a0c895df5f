import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { BROKER_URL_PATTERN } from '@paymarket/platform';

const AMQP_URL_MESSAGE = 'AMQP_URL must be an amqp:// URL or a comma-separated list of them (the nodes of one cluster)';

export const EMBED_TOKEN_SECRET_MESSAGE = 'EMBED_TOKEN_SECRET must be at least 32 characters (e.g. openssl rand -base64 48)';

export class GatewayEnv {
  @IsOptional()
  @IsIn(['development', 'test', 'production'], { message: 'NODE_ENV must be development, test or production' })
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @IsOptional()
  @IsInt({ message: 'PORT must be a whole number' })
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  @IsOptional()
  @IsString()
  HOST: string = '0.0.0.0';

  // One node, or several nodes of one cluster comma-separated (ADR 0070).
  @IsString({ message: AMQP_URL_MESSAGE })
  @Matches(BROKER_URL_PATTERN, { message: AMQP_URL_MESSAGE })
  AMQP_URL!: string;

  @IsOptional()
  @IsInt({ message: 'RPC_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100)
  @Max(120_000)
  RPC_TIMEOUT_MS: number = 10_000;

  @IsOptional()
  @IsString()
  WEB_DIST?: string;

  /** Folder of the packed SDK (default libs/sdk/pack beside the gateway), served at /sdk/. */
  @IsOptional()
  @IsString()
  SDK_PACK_DIR?: string;

  /** Where integrators reach this PayMarket: the OpenAPI document's `servers` and the SDK's install URL. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/\S*)?$/, { message: 'PUBLIC_URL must be an http:// or https:// URL' })
  PUBLIC_URL?: string;

  /** `true` only behind a reverse proxy that sets X-Forwarded-For. */
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'TRUST_PROXY must be true or false' })
  TRUST_PROXY: 'true' | 'false' = 'false';

  /** Port of the ops server (/metrics, /health/live, /health/ready), apart from PORT; unset: none. 0 picks a free port. */
  @IsOptional()
  @IsInt({ message: 'METRICS_PORT must be a whole number between 0 and 65535 (the ops port for /metrics and health)' })
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;

  /**
   * Signs the embed widget's tokens (ADR 0052); every gateway replica must share it. Required in production; a fixed
   * development secret otherwise. Secret: never logged.
   */
  @IsOptional()
  @IsString({ message: EMBED_TOKEN_SECRET_MESSAGE })
  @MinLength(32, { message: EMBED_TOKEN_SECRET_MESSAGE })
  EMBED_TOKEN_SECRET?: string;
}
