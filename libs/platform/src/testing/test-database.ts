import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../database/embedded-postgres.js';
import { InProcessBroker } from '../messaging/in-process-broker.js';
import type { MessagingRuntime } from '../messaging/runtime.js';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: on the server named by DATABASE_URL when set (cluster mode, CI),
 * otherwise on an embedded PostgreSQL whose data folder is shared by test runs.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  let server: EmbeddedPostgres | undefined;
  let baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    server = await startEmbeddedPostgres({ dataDir: process.env.PAYMARKET_TEST_DATA_DIR ?? join(tmpdir(), 'paymarket-test-postgres') });
    baseUrl = server.url;
  }
  const name = `pm_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await server?.stop();
    },
  };
}

/** RabbitMQ when AMQP_URL is set (cluster mode), otherwise a fresh in-process broker. */
export function testMessagingRuntime(): MessagingRuntime {
  const url = process.env.AMQP_URL;
  return url ? { kind: 'rmq', url, prefetch: 20 } : { kind: 'in-process', broker: new InProcessBroker(), prefetch: 20 };
}

/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
