// For the gateway's administrator specs over HTTP (ADR 0072, 0074, 0075): the whole product started embedded on a
// test database, a PostgreSQL client on it, fresh client addresses and new administrators. One start per spec file.
import { expect, jest } from '@jest/globals';
import pg from 'pg';
import { startEmbedded, type EmbeddedPayMarket } from '@paymarket/embedded';
import { adminCreate } from '@paymarket/onboarding/testing';
import { createTestDatabase, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';

/** The password every administrator of these specs has. */
export const ADMIN_PASSWORD = 'correct horse battery staple';

export interface EmbeddedAdminHarness {
  app: EmbeddedPayMarket;
  database: TestDatabase;
  /** A client on the test database (schemas `onboarding`, `payments`, …). */
  db: pg.Client;
  /** A client address of its own (the gateway trusts X-Forwarded-For), so per-IP limits stay apart between tests. */
  freshIp(): string;
  /** A new administrator made with `admin:create` (password only, no factor yet); its email. */
  newAdmin(email?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the product with a trusted proxy (X-Forwarded-For is the client address) and generous admin-login limits.
 * `ipBlock`: the second octet of this spec's addresses (10.<ipBlock>.x.y), apart from other specs'. `env`: more
 * settings read by the gateway at start, restored on close.
 */
export async function startEmbeddedAdmin(options: { ipBlock: number; env?: Record<string, string> }): Promise<EmbeddedAdminHarness> {
  const saved = { ...process.env };
  Object.assign(process.env, { RATE_LIMIT_ADMIN_LOGIN: '1000,100,600', ...options.env });
  const database = await createTestDatabase();
  const app = await startEmbedded({
    trustProxy: true,
    port: 0,
    host: '127.0.0.1',
    production: false,
    databaseUrl: database.url,
    dataDir: '',
    messaging: testMessagingRuntime(),
  });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  let ipCounter = 1;
  return {
    app,
    database,
    db,
    freshIp: () => `10.${options.ipBlock}.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`,
    async newAdmin(email = `ops.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`) {
      const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
      try {
        expect(await adminCreate(['--email', email, '--password', ADMIN_PASSWORD], { DATABASE_URL: database.url })).toBe(0);
      } finally {
        write.mockRestore();
      }
      return email;
    },
    async close() {
      process.env = saved;
      await db.end();
      await app.close();
      await database.drop();
    },
  };
}

/** The `pm_admin=<token>` of an answer's Set-Cookie, ready for a `cookie` header; undefined when it sets none. */
export function adminCookie(response: { headers: Record<string, unknown> }): string | undefined {
  return ([] as string[])
    .concat((response.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .find((c) => c.startsWith('pm_admin='))
    ?.split(';')[0];
}
