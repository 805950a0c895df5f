import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { BROKER_URL_PATTERN } from '../messaging/broker-urls.js';

const AMQP_URL_MESSAGE = 'AMQP_URL must be an amqp:// URL or a comma-separated list of them (the nodes of one cluster)';

/** Variables every process of the cluster understands. */
export class CommonEnv {
  @IsOptional()
  @IsIn(['development', 'test', 'production'], { message: 'NODE_ENV must be development, test or production' })
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @IsOptional()
  @IsIn(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'])
  LOG_LEVEL: string = 'info';

  @IsString({ message: 'DATABASE_URL must be a postgres:// URL' })
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL!: string;

  // One node, or several nodes of one cluster comma-separated (ADR 0070).
  @IsString({ message: AMQP_URL_MESSAGE })
  @Matches(BROKER_URL_PATTERN, { message: AMQP_URL_MESSAGE })
  AMQP_URL!: string;

  @IsOptional()
  @IsInt({ message: 'RMQ_PREFETCH must be a whole number' })
  @Min(1)
  @Max(1000)
  RMQ_PREFETCH: number = 20;

  @IsOptional()
  @IsInt({ message: 'RPC_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100)
  @Max(120_000)
  RPC_TIMEOUT_MS: number = 10_000;

  /** Port of the ops server (/metrics, /health/live, /health/ready); unset: none. 0 picks a free port. */
  @IsOptional()
  @IsInt({ message: 'METRICS_PORT must be a whole number between 0 and 65535 (the ops port for /metrics and health)' })
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;
}
