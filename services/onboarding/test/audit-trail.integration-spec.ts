import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { INestMicroservice } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { openServiceDatabase, recordAudit, startServiceApp, type ServiceRuntimeConfig } from '@paymarket/platform';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';
import { onboardingService } from '../src/index.js';
import { ONBOARDING_MIGRATIONS } from '../src/onboarding.module.js';

// `npm run audit:verify` builds what is stale first (PAYMARKET_SKIP_BUILD=1: the caller built already).
jest.setTimeout(600_000);

const root = fileURLToPath(new URL('../../../', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real CLI, as an operator runs it, against `databaseUrl`. */
function auditVerify(databaseUrl: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    // Not jest's NODE_ENV=test: a rebuild of stale sources by the CLI must be the production build an operator gets.
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
    delete env.NODE_ENV;
    const child = spawn('npm', ['run', '--silent', 'audit:verify'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// The audit trail end to end (ADR 0075): a producer's recordAudit in its transaction → its outbox → the broker →
// onboarding's event queue (now subscribed to audit.recorded) → the audit-log consumer → `npm run audit:verify`.
describe('audit trail through the running onboarding service, and npm run audit:verify', () => {
  let database: TestDatabase;
  let app: INestMicroservice;
  let producer: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config: ServiceRuntimeConfig = {
      service: 'onboarding',
      databaseUrl: database.url,
      messaging: testMessagingRuntime(),
      rpcTimeoutMs: 10_000,
      production: false,
      outboxPollMs: 100,
    };
    app = await startServiceApp(onboardingService.module(config), config);
    producer = await openServiceDatabase({ url: database.url, schema: 'onboarding', entities: [], migrations: ONBOARDING_MIGRATIONS });
  });
  afterAll(async () => {
    await app?.close();
    await producer?.destroy();
    await database?.drop();
  });

  const rowCount = async () => Number(((await producer.query(`SELECT count(*)::int AS n FROM audit_log`)) as Array<{ n: number }>)[0]!.n);

  it('appends what a producer recorded, once each, and audit:verify finds the chain intact', async () => {
    const empty = await auditVerify(database.url);
    expect(empty).toMatchObject({ code: 0, stderr: '' });
    expect(empty.stdout).toContain('audit:verify: 0 rows, chain intact (head 000000000000)\n');

    const context = {
      actor: { type: 'admin' as const, id: randomUUID(), label: 'ops@example.com' },
      ip: '198.51.100.7',
      userAgent: 'spec',
    };
    for (const action of ['company.approved', 'company.rejected', 'api_key.revoked'] as const) {
      await producer.transaction((manager) =>
        recordAudit(manager, 'onboarding', context, {
          action,
          target: { type: 'company', id: randomUUID() },
          companyId: randomUUID(),
          before: { status: 'pending' },
          after: { status: 'decided' },
        }),
      );
    }
    await eventually(async () => ((await rowCount()) === 3 ? true : undefined), 20_000, 'three audit rows');

    const intact = await auditVerify(database.url);
    const [head] = (await producer.query(`SELECT hash FROM audit_log WHERE seq = 3`)) as Array<{ hash: string }>;
    expect(intact).toMatchObject({ code: 0, stderr: '' });
    expect(intact.stdout).toContain(`audit:verify: 3 rows, chain intact (head ${head!.hash.slice(0, 12)})\n`);
  });

  it('exits 1 naming the seq of a row changed behind its back', async () => {
    await producer.query(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`);
    try {
      await producer.query(`UPDATE audit_log SET actor_label = 'someone@else.example' WHERE seq = 2`);
    } finally {
      await producer.query(`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`);
    }
    const broken = await auditVerify(database.url);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('audit:verify: seq 2: hash does not match the row (changed after it was appended)\n');
    expect(broken.stdout).toContain('audit:verify: 3 rows, chain broken\n');
  });
});
