import { DataSource, type EntityManager, type MixedList, type EntitySchema } from 'typeorm';
import { InboxEntity } from '../inbox/inbox.entity.js';
import { OutboxEntity } from '../outbox/outbox.entity.js';
import { CreateIdempotencyKeys1763769650000, IdempotencyKeysByAge1764120000000 } from '../idempotency/idempotency.migration.js';
import { CreatePlatformTables1763769600000 } from './platform-tables.migration.js';
import { OutboxTraceContext1764060000000 } from './outbox-trace-context.migration.js';

export interface ServiceDatabaseOptions {
  url: string;
  /** The service's own schema; no service reads another's. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: Function[];
  poolSize?: number;
}

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export function createServiceDataSource(options: ServiceDatabaseOptions): DataSource {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name: ${options.schema}`);
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: [...(options.entities as unknown[]), OutboxEntity, InboxEntity] as ServiceDatabaseOptions['entities'],
    migrations: [
      CreatePlatformTables1763769600000,
      CreateIdempotencyKeys1763769650000,
      OutboxTraceContext1764060000000,
      IdempotencyKeysByAge1764120000000,
      ...options.migrations,
    ],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    // Unqualified names in migrations and raw SQL resolve to the service's schema.
    extra: { options: `-c search_path=${options.schema}`, max: options.poolSize ?? 10 },
    logging: false,
  });
}

/**
 * Creates the schema and applies pending migrations under an advisory lock, so replicas starting together
 * migrate once.
 */
export async function migrateServiceDatabase(dataSource: DataSource, schema: string): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}

export async function openServiceDatabase(options: ServiceDatabaseOptions): Promise<DataSource> {
  const dataSource = createServiceDataSource(options);
  await dataSource.initialize();
  await migrateServiceDatabase(dataSource, options.schema);
  return dataSource;
}

export async function databaseIsUp(dataSource: DataSource): Promise<boolean> {
  try {
    await dataSource.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

export type { EntityManager };
