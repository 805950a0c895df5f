// For tests that need a fully signed-in administrator over HTTP (ADR 0072): the password, then TOTP enrolment on the
// first sign-in, as the /admin page does it. fetch only (no test libraries): @paymarket/onboarding/testing exports it.
import { ADMIN_TOTP } from '@paymarket/contracts';
import { Secret, TOTP } from 'otpauth';

export interface SignedInTestAdmin {
  /** `pm_admin=<token>`, ready for a `cookie` header. */
  cookie: string;
  /** The TOTP secret, to sign in again with signInEnrolledAdmin. */
  secret: string;
  recoveryCodes: string[];
}

const lastStepOf = new Map<string, number>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A code the server will take: the earliest step within its ±1 window later than the last one this process used for
 * the secret (a code is accepted once); waits for the clock when all three are used.
 */
export async function nextTotpCode(secret: string): Promise<string> {
  for (;;) {
    const current = Math.floor(Date.now() / 1000 / ADMIN_TOTP.PERIOD_SECONDS);
    const step = Math.max(current - 1, (lastStepOf.get(secret) ?? -Infinity) + 1);
    if (step <= current + 1) {
      lastStepOf.set(secret, step);
      const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: ADMIN_TOTP.DIGITS, period: ADMIN_TOTP.PERIOD_SECONDS });
      return totp.generate({ timestamp: step * ADMIN_TOTP.PERIOD_SECONDS * 1000 });
    }
    await sleep(1_000);
  }
}

async function post(url: string, path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

function adminCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('pm_admin='));
  if (!cookie) throw new Error('no pm_admin cookie in the answer');
  return cookie.split(';')[0]!;
}

const headersOf = (ip: string | undefined, cookie?: string) => ({
  ...(ip ? { 'x-forwarded-for': ip } : {}),
  ...(cookie ? { cookie } : {}),
});

/** Password, then a first TOTP enrolment: a new administrator (made with admin:create) fully signed in. */
export async function signInNewAdmin(url: string, admin: { email: string; password: string; ip?: string }): Promise<SignedInTestAdmin> {
  const login = await post(url, '/api/admin/login', { email: admin.email, password: admin.password }, headersOf(admin.ip));
  const pending = adminCookieOf(login);
  const { secret } = (await (await post(url, '/api/admin/second-factor/totp/enrol', {}, headersOf(admin.ip, pending))).json()) as {
    secret: string;
  };
  const confirmed = await post(
    url,
    '/api/admin/second-factor/totp/confirm',
    { code: await nextTotpCode(secret) },
    headersOf(admin.ip, pending),
  );
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { cookie: adminCookieOf(confirmed), secret, recoveryCodes };
}

/** Password, then a code from the secret signInNewAdmin enrolled: the `pm_admin=` cookie of a new full session. */
export async function signInEnrolledAdmin(
  url: string,
  admin: { email: string; password: string; secret: string; ip?: string },
): Promise<string> {
  const pending = adminCookieOf(await post(url, '/api/admin/login', { email: admin.email, password: admin.password }, headersOf(admin.ip)));
  const verified = await post(
    url,
    '/api/admin/second-factor/verify/totp',
    { code: await nextTotpCode(admin.secret) },
    headersOf(admin.ip, pending),
  );
  return adminCookieOf(verified);
}
