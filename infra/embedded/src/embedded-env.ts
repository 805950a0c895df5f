import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';

export class EmbeddedEnv {
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

  /** Use this PostgreSQL instead of starting the embedded one. */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  /** Where the embedded PostgreSQL keeps its data (default .data/postgres in the checkout). */
  @IsOptional()
  @IsString()
  PAYMARKET_DATA_DIR?: string;

  /** `true` only behind a reverse proxy that sets X-Forwarded-For. */
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'TRUST_PROXY must be true or false' })
  TRUST_PROXY: 'true' | 'false' = 'false';

  /** Port of the ops server (/metrics, /health/live, /health/ready) for the whole process; unset: none. 0: a free port. */
  @IsOptional()
  @IsInt({ message: 'METRICS_PORT must be a whole number between 0 and 65535 (the ops port for /metrics and health)' })
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;

  /** Signs the embed widget's tokens (ADR 0052); required in production, a fixed development secret otherwise. */
  @IsOptional()
  @IsString({ message: 'EMBED_TOKEN_SECRET must be at least 32 characters (e.g. openssl rand -base64 48)' })
  @MinLength(32, { message: 'EMBED_TOKEN_SECRET must be at least 32 characters (e.g. openssl rand -base64 48)' })
  EMBED_TOKEN_SECRET?: string;
}
