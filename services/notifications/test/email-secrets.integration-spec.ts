import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { openServiceDatabase, type Transaction } from '@paymarket/platform';
import { createTestDatabase, type TestDatabase } from '@paymarket/platform/testing';
import { CreateEmails1763769800000 } from '../src/database/migrations/1763769800000-create-emails.js';
import { EmailSecrets1764100000000 } from '../src/database/migrations/1764100000000-email-secrets.js';
import { EmailEntity } from '../src/email/email.entity.js';
import { SCRUBBED, secretsOf, TypeOrmEmailsRepository } from '../src/email/emails.repository.js';
import { signInEmail } from '../src/sign-in/sign-in-email.js';

jest.setTimeout(60_000);

describe('sign-in codes in stored emails', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let sut: TypeOrmEmailsRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openServiceDatabase({
      url: database.url,
      schema: 'notifications',
      entities: [EmailEntity],
      migrations: [CreateEmails1763769800000, EmailSecrets1764100000000],
    });
    sut = new TypeOrmEmailsRepository(dataSource);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('sends the code, then keeps no copy of it once the email is sent', async () => {
    const envelope = {
      name: 'sign_in.code_requested',
      data: { email: 'ada@example.com', name: 'Ada', registered: true, code: '482913', expiresAt: new Date().toISOString() },
    };
    const id = randomUUID();
    await dataSource.transaction(async (manager) => {
      const tx = { manager } as unknown as Transaction;
      await sut.add(tx, {
        id,
        ...signInEmail(envelope.data, 10),
        status: 'pending',
        sourceEventId: randomUUID(),
        secrets: secretsOf(envelope),
      });
    });
    const delivered: EmailEntity[] = [];
    await sut.deliverPending(10, async (email) => void delivered.push({ ...email }), 8);

    expect(delivered.map((e) => e.text.includes('482913'))).toEqual([true]);
    const [stored] = (await dataSource.query(`SELECT subject, text, html, status, secrets FROM emails WHERE id = $1`, [id])) as Array<
      Record<string, unknown>
    >;
    expect(stored).toMatchObject({ status: 'sent', secrets: null });
    expect(JSON.stringify(stored)).not.toContain('482913');
    expect(stored!.text).toContain(SCRUBBED);
  });

  it('keeps the code of an email not sent yet (a failed attempt is retried with it)', async () => {
    const envelope = { name: 'console.code_requested', data: { email: 'ops@example.com', companyName: 'Acme', code: '111222' } };
    const id = randomUUID();
    await dataSource.transaction(async (manager) => {
      await sut.add({ manager } as unknown as Transaction, {
        id,
        to: 'ops@example.com',
        subject: 'code 111222',
        text: 'Your code: 111222',
        html: null,
        status: 'pending',
        sourceEventId: randomUUID(),
        secrets: secretsOf(envelope),
      });
    });
    await sut.deliverPending(10, () => Promise.reject(new Error('smtp down')), 8);
    const [stored] = (await dataSource.query(`SELECT text, status FROM emails WHERE id = $1`, [id])) as Array<Record<string, unknown>>;
    expect(stored).toEqual({ text: 'Your code: 111222', status: 'pending' });
  });
});
