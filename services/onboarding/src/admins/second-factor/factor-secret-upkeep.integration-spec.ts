import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AuditOrigin } from '@paymarket/contracts';
import { openServiceDatabase, startServiceApp, UnitOfWork, type ServiceRuntimeConfig } from '@paymarket/platform';
import { createTestDatabase, eventually, testMessagingRuntime, type TestDatabase } from '@paymarket/platform/testing';
import { Secret, TOTP } from 'otpauth';
import type { DataSource } from 'typeorm';
import { SqlAuditTrail } from '../../auth/audit-trail.js';
import { Clock } from '../../auth/clock.js';
import { SessionsService } from '../../auth/sessions.service.js';
import { SqlSessionsRepository } from '../../auth/sessions.repository.js';
import { onboardingService } from '../../index.js';
import { ONBOARDING_MIGRATIONS } from '../../onboarding.module.js';
import { SqlAdminsRepository } from '../admins.repository.js';
import { AdminSessionGate } from './admin-session-gate.js';
import { factorKeyRing, FactorSecretBox } from './factor-secret-box.js';
import { FactorSecretUpkeep } from './factor-secret-upkeep.js';
import { FactorThrottle } from './factor-throttle.js';
import { SecondFactorSignInUseCase } from './second-factor-sign-in.use-case.js';
import { SqlSecondFactorRepository, type StoredTotpSecrets } from './second-factor.repository.js';
import { TotpEnrolmentUseCase } from './totp-enrolment.use-case.js';

jest.setTimeout(60_000);

const IP = '10.0.0.1';
const FROM: AuditOrigin = { ip: IP, userAgent: 'spec' };
const [A, B, C] = ['A', 'B', 'C'].map((id) => `${id}:${randomBytes(32).toString('base64')}`) as [string, string, string];
const boxOf = (ring: string) => new FactorSecretBox(factorKeyRing({ ADMIN_FACTOR_KEYS: ring }, true));

class FakeClock extends Clock {
  constructor(public current = new Date('2030-01-01T10:00:05Z')) {
    super();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

// Rotating ADMIN_FACTOR_KEYS (ADR 0072) on real PostgreSQL: the SQL selection, the compare-and-set, and the real
// enrolment and sign-in reading what the upkeep wrote.
describe('re-encrypting administrators’ TOTP secrets under a new ADMIN_FACTOR_KEYS key (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let factors: SqlSecondFactorRepository;
  const clock = new FakeClock();

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openServiceDatabase({ url: database.url, schema: 'onboarding', entities: [], migrations: ONBOARDING_MIGRATIONS });
    factors = new SqlSecondFactorRepository(dataSource);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  /** The onboarding service's use cases as one process has them, with the key ring `ring` (read at its start). */
  function serviceWith(ring: string) {
    const box = boxOf(ring);
    const sessions = new SessionsService(new SqlSessionsRepository(dataSource), clock);
    const gate = new AdminSessionGate(sessions, new SqlAdminsRepository(dataSource), factors);
    const trail = new SqlAuditTrail(new UnitOfWork(dataSource, 'onboarding'));
    const throttle = new FactorThrottle(factors, clock, trail);
    return {
      box,
      sessions,
      enrolment: new TotpEnrolmentUseCase(gate, factors, box, throttle, clock, trail),
      signIn: new SecondFactorSignInUseCase(gate, factors, box, throttle, clock, trail),
      upkeep: new FactorSecretUpkeep(factors, box),
    };
  }

  const code = (secret: string) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: clock.now().getTime() });

  async function newAdmin(): Promise<{ id: string; email: string }> {
    const admin = { id: randomUUID(), email: `ops.${randomUUID()}@example.com` };
    await dataSource.query(`INSERT INTO admins (id, email, password_hash) VALUES ($1, $2, 'x')`, [admin.id, admin.email]);
    return admin;
  }

  async function stored(adminId: string): Promise<StoredTotpSecrets> {
    const row = await factors.totp(adminId);
    return { secretEncrypted: row!.secretEncrypted, pendingSecretEncrypted: row!.pendingSecretEncrypted };
  }

  const keyOf = (value: string | null) => value?.split(':')[1];

  it('moves confirmed and pending secrets from key A to key B; codes verify with B alone; a lost key is counted, left as is', async () => {
    const underA = serviceWith(A);
    // Enrolled under A, and now replacing the app (a pending secret under A beside the confirmed one).
    const enrolled = await newAdmin();
    const token = (await underA.sessions.start('admin', enrolled.id, undefined, 'pending')).token;
    const { secret } = await underA.enrolment.begin(token);
    const { token: fullToken } = await underA.enrolment.confirm({ token, code: code(secret), ip: IP, from: FROM });
    const { secret: nextSecret } = await underA.enrolment.begin(fullToken);
    // Half-way through a first enrolment under A: one value in both columns.
    const starting = await newAdmin();
    const startingToken = (await underA.sessions.start('admin', starting.id, undefined, 'pending')).token;
    const { secret: startingSecret } = await underA.enrolment.begin(startingToken);
    // Under a key that left the ring before its rows were re-encrypted.
    const lost = await newAdmin();
    await factors.savePendingTotp(lost.id, boxOf(C).encrypt('JBSWY3DPEHPK3PXP', lost.id));
    const before = { enrolled: await stored(enrolled.id), starting: await stored(starting.id), lost: await stored(lost.id) };
    expect([keyOf(before.enrolled.secretEncrypted), keyOf(before.enrolled.pendingSecretEncrypted)]).toEqual(['A', 'A']);
    expect(before.starting.pendingSecretEncrypted).toBe(before.starting.secretEncrypted);

    // Onboarding restarts with "B,A": the upkeep moves what it can read.
    const rotated = serviceWith(`${B},${A}`);
    expect(await rotated.upkeep.upkeep()).toEqual({ reEncrypted: 2, unreadable: 1 });
    const after = { enrolled: await stored(enrolled.id), starting: await stored(starting.id), lost: await stored(lost.id) };
    expect([keyOf(after.enrolled.secretEncrypted), keyOf(after.enrolled.pendingSecretEncrypted)]).toEqual(['B', 'B']);
    expect(keyOf(after.starting.secretEncrypted)).toBe('B');
    expect(after.starting.pendingSecretEncrypted).toBe(after.starting.secretEncrypted);
    expect(after.lost).toEqual(before.lost);
    // Idempotent: a second run (another replica, the next start) has nothing left but the unreadable row.
    expect(await rotated.upkeep.upkeep()).toEqual({ reEncrypted: 0, unreadable: 1 });

    // Then A leaves the ring: the confirmed secret signs in, the pending ones confirm, all with B alone.
    const underB = serviceWith(B);
    clock.advance(60_000);
    const signInToken = (await underB.sessions.start('admin', enrolled.id, undefined, 'pending')).token;
    const signedIn = await underB.signIn.withTotp({ token: signInToken, code: code(secret), ip: IP, from: FROM });
    expect(signedIn.admin.id).toBe(enrolled.id);
    clock.advance(30_000);
    const replaced = await underB.enrolment.confirm({ token: signedIn.token, code: code(nextSecret), ip: IP, from: FROM });
    expect(replaced.recoveryCodes).toHaveLength(10);
    const confirmed = await underB.enrolment.confirm({ token: startingToken, code: code(startingSecret), ip: IP, from: FROM });
    expect(confirmed.admin.id).toBe(starting.id);
    expect(keyOf((await stored(enrolled.id)).secretEncrypted)).toBe('B');
  });

  it('re-encrypts each row once with two replicas at it, and never over a value changed since it was read', async () => {
    const underA = boxOf(A);
    const admins = await Promise.all(Array.from({ length: 5 }, () => newAdmin()));
    for (const admin of admins) await factors.savePendingTotp(admin.id, underA.encrypt(`SECRET${admin.id}`, admin.id));
    const [replica1, replica2] = [serviceWith(`${B},${A}`), serviceWith(`${B},${A}`)];
    const [one, two] = await Promise.all([replica1.upkeep.upkeep(2), replica2.upkeep.upkeep(2)]);
    // The unreadable row of the first test is still there for both.
    expect(one.reEncrypted + two.reEncrypted).toBe(5);
    expect([one.unreadable, two.unreadable]).toEqual([1, 1]);
    for (const admin of admins) {
      const row = await stored(admin.id);
      expect(keyOf(row.secretEncrypted)).toBe('B');
      expect(boxOf(B).decrypt(row.secretEncrypted, admin.id)).toBe(`SECRET${admin.id}`);
    }

    // A re-enrolment that wrote after the upkeep read the row wins: the stale compare-and-set changes nothing.
    const admin = admins[0]!;
    const read = await stored(admin.id);
    await factors.savePendingTotp(admin.id, underA.encrypt('NEWER', admin.id));
    const meanwhile = await stored(admin.id);
    const next = { secretEncrypted: replica1.box.encrypt('STALE', admin.id), pendingSecretEncrypted: null };
    expect(await factors.replaceTotpSecrets(admin.id, read, next)).toBe(false);
    expect(await stored(admin.id)).toEqual(meanwhile);
  });

  it('runs at onboarding’s start, in the background, with the ring of ADMIN_FACTOR_KEYS', async () => {
    const admin = await newAdmin();
    await factors.savePendingTotp(admin.id, boxOf(A).encrypt('JBSWY3DPEHPK3PXP', admin.id));
    const config: ServiceRuntimeConfig = {
      service: 'onboarding',
      databaseUrl: database.url,
      messaging: testMessagingRuntime(),
      rpcTimeoutMs: 10_000,
      production: false,
      outboxPollMs: 100,
    };
    const previous = process.env.ADMIN_FACTOR_KEYS;
    process.env.ADMIN_FACTOR_KEYS = `${B},${A}`;
    const app = await startServiceApp(onboardingService.module(config), config).finally(() => {
      if (previous === undefined) delete process.env.ADMIN_FACTOR_KEYS;
      else process.env.ADMIN_FACTOR_KEYS = previous;
    });
    try {
      const row = await eventually(
        async () => {
          const current = await stored(admin.id);
          return keyOf(current.secretEncrypted) === 'B' ? current : undefined;
        },
        10_000,
        'the TOTP secret under key B',
      );
      expect(boxOf(B).decrypt(row.secretEncrypted, admin.id)).toBe('JBSWY3DPEHPK3PXP');
      expect(row.pendingSecretEncrypted).toBe(row.secretEncrypted);
    } finally {
      await app.close();
    }
  });
});
