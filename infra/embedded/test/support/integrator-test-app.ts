import { expect } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import type { ApiAccessResponse } from '@paymarket/contracts';
import type { MessagingRuntime } from '@paymarket/platform';
import { createTestDatabase, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';
import { startEmbedded, type EmbeddedPayMarket } from '../../src/start-embedded.js';

/** The whole product on a fresh database, and a client on that database, for one integration spec file. */
export interface TestApp {
  app: EmbeddedPayMarket;
  db: pg.Client;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * `seed`: the demo catalog (sellers and the demo print provider, as `npm start` has them); `messaging`: the broker to
 * share; `sdkPackDir`: a packed SDK for the gateway to serve at /sdk/.
 */
export async function startTestApp(options: { seed?: boolean; messaging?: MessagingRuntime; sdkPackDir?: string } = {}): Promise<TestApp> {
  const database: TestDatabase = await createTestDatabase();
  const app = await startEmbedded({
    trustProxy: true,
    port: 0,
    host: '127.0.0.1',
    production: false,
    databaseUrl: database.url,
    dataDir: '',
    messaging: options.messaging ?? testMessagingRuntime(),
    ...(options.seed ? { seed: true } : {}),
    ...(options.sdkPackDir ? { sdkPackDir: options.sdkPackDir } : {}),
  });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  return {
    app,
    db,
    databaseUrl: database.url,
    close: async () => {
      await db.end();
      await app.close();
      await database.drop();
    },
  };
}

/** Client IPs from a range of the spec's own, so per-IP rate limits of one spec never reach another's requests. */
export function ipsFrom(prefix: string): () => string {
  let n = 1;
  return () => `${prefix}.${Math.floor(n / 250)}.${(n++ % 250) + 1}`;
}

export interface ApprovedCompany {
  id: string;
  secretKey: string;
  email: string;
}

/** A low-risk company on its own domain: approved at once, its credentials in the answer (ADR 0027). */
export async function approvedCompany(appUrl: string, name: string, ip: string, run: string): Promise<ApprovedCompany> {
  const slug = name.toLowerCase().replace(/[^a-z]/g, '');
  const email = `ops@${slug}-${run}.com`;
  const response = await request(appUrl)
    .post('/api/request-api-access')
    .set('x-forwarded-for', ip)
    .send({
      name,
      website: `https://${slug}-${run}.com`,
      email,
      businessType: 'saas',
      contactName: 'Ada Lovelace',
      contactPhone: '+1 416 555 0134',
      taxId: 'CA-123456789',
    })
    .expect(201);
  const body = response.body as ApiAccessResponse;
  expect(body.status).toBe('approved');
  // Credentials are the public and the secret key only: webhook secrets belong to endpoints (ADR 0036).
  expect(Object.keys(body.credentials!).sort()).toEqual(['apiKey', 'secretKey']);
  return { id: body.company.id, secretKey: body.credentials!.secretKey, email };
}

/** Sets environment variables for a spec file; the returned function puts the previous values back. */
export function overrideEnv(values: Record<string, string>): () => void {
  const saved: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(values)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}
