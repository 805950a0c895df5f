import { expect } from '@jest/globals';
import request from 'supertest';
import type { MailboxMessage, PayeeSessionResponse } from '@paymarket/contracts';
import { adminCreate, signInNewAdmin } from '@paymarket/onboarding/testing';
import { eventually } from '@paymarket/platform/testing';

/** The newest 6-digit code emailed to `email` (read from the development mailbox, where the code is in the subject). */
export function mailedCode(url: string, email: string, what = 'the sign-in code'): Promise<string> {
  return eventually(
    async () => {
      const mail = (await request(url).get('/api/dev/mailbox?limit=200')).body as MailboxMessage[];
      return mail.find((m) => m.to === email && /\b\d{6}\b/.test(m.subject))?.subject.match(/\b(\d{6})\b/)?.[1];
    },
    15_000,
    what,
  );
}

/** The `name=value` of a response's first Set-Cookie, ready for a `cookie` header. */
export function cookieOf(response: { headers: Record<string, unknown> }): string {
  return String(response.headers['set-cookie']).split(';')[0]!;
}

/** A new buyer, registered and signed in by emailed code: the `pm_session` cookie. */
export async function signInBuyer(url: string, name: string, email: string, ip: () => string): Promise<string> {
  await request(url).post('/api/register-buyer').set('x-forwarded-for', ip()).send({ name, email }).expect(201);
  await request(url).post('/api/auth/sign-in/code').set('x-forwarded-for', ip()).send({ email }).expect(202);
  const code = await mailedCode(url, email);
  return cookieOf(await request(url).post('/api/auth/sign-in/verify').set('x-forwarded-for', ip()).send({ email, code }).expect(200));
}

/**
 * A seller or print provider signed in to its dashboard by emailed code (ADR 0047): the `pm_payee_session` cookie.
 * `previousCookie`: the browser's current payee session, which the sign-in ends (rotation).
 */
export async function signInPayee(
  url: string,
  email: string,
  ip: () => string,
  previousCookie?: string,
): Promise<{ cookie: string; session: PayeeSessionResponse }> {
  await request(url).post('/api/payee-auth/sign-in/code').set('x-forwarded-for', ip()).send({ email }).expect(202);
  const code = await mailedCode(url, email.trim().toLowerCase(), 'the dashboard sign-in code');
  const verify = request(url).post('/api/payee-auth/sign-in/verify').set('x-forwarded-for', ip());
  const verified = await (previousCookie ? verify.set('cookie', previousCookie) : verify).send({ email, code }).expect(200);
  return { cookie: cookieOf(verified), session: verified.body as PayeeSessionResponse };
}

/**
 * A new administrator, created with `admin:create` on the app's database and signed in with the password and a TOTP
 * factor enrolled there and then (ADR 0072): the admin session cookie.
 */
export async function signInAdmin(url: string, databaseUrl: string, ip: () => string): Promise<string> {
  const email = `ops.${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  expect(await adminCreate(['--email', email, '--password', password], { DATABASE_URL: databaseUrl })).toBe(0);
  return (await signInNewAdmin(url, { email, password, ip: ip() })).cookie;
}
