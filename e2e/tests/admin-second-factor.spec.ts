// ADR 0072 (issue 36): an administrator made with `npm run admin:create` sets up TOTP on the first sign-in, signs in
// with password + code, uses a recovery code once, and adds and signs in with a passkey on Chromium's virtual
// authenticator; then reads those steps in the dashboard's audit log (ADR 0075). Runs on http://localhost (not 127.0.0.1): an IP address is never a WebAuthn relying party id.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, createAdmin, toastRegion, unique } from './support/app';
import { adminPasswordStep, enrolledSecret, enrolTotp, totpCode } from './support/admin';

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Administrator Login')).toBeVisible();
}

test('an administrator enrols TOTP, signs in with a code, uses a recovery code once, and signs in with a passkey', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin.replace('127.0.0.1', 'localhost');
  const email = `${unique('second-factor')}@example.com`;
  createAdmin(email);

  // First sign-in: the password is half of it; the admin pages stay shut until a factor is set up.
  await page.goto(`${origin}/admin`);
  await adminPasswordStep(page, email, ADMIN_PASSWORD);
  await expect(page.getByText('Set up your second factor')).toBeVisible();
  const me = await page.request.get(`${origin}/api/admin/me`);
  expect(me.status()).toBe(401);
  expect((await me.json()).message).toMatch(/^Second factor required/);
  const code = page.getByRole('textbox', { name: 'Authenticator code' });
  const recoveryCodes = await enrolTotp(page, email);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(code).toHaveCount(0);
  await logOut(page);

  // Later: password, then the next code from the app.
  await adminPasswordStep(page, email, ADMIN_PASSWORD);
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await code.fill(await totpCode(enrolledSecret(email)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await logOut(page);

  // A recovery code works once.
  for (const attempt of ['first', 'second'] as const) {
    await adminPasswordStep(page, email, ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') {
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
      await expect(toastRegion(page).getByText('9 recovery codes left', { exact: false })).toBeVisible();
      await logOut(page);
    } else {
      await expect(page.getByText('That recovery code is not valid or was already used.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Use the authenticator code' }).click();
      await code.fill(await totpCode(enrolledSecret(email)));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    }
  }

  // A passkey on Chromium's virtual authenticator (a platform authenticator that verifies its user).
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(toastRegion(page).getByText('Passkey added')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove passkey 1' })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  await logOut(page);

  await adminPasswordStep(page, email, ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('main').getByText(`Signed in as ${email}`)).toBeVisible();
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);

  // ADR 0075: each step above is a row of the audit trail, which the dashboard shows filtered to this administrator.
  const audit = page.getByRole('region', { name: 'Audit log' });
  await audit.getByLabel('Actor').fill(email);
  await audit.getByRole('button', { name: 'Apply filters' }).click();
  const table = audit.getByRole('table');
  const rowsOf = (action: string) => table.getByRole('row').filter({ hasText: action });
  // Set up + TOTP + recovery code + TOTP after the refused code + passkey.
  await expect(rowsOf('Administrator signed in')).toHaveCount(5);
  await expect(rowsOf('Second factor set up')).toHaveCount(1);
  await expect(rowsOf('Recovery code used')).toHaveCount(1);
  await expect(rowsOf('Administrator sign-in failed')).toHaveCount(1);
  await expect(rowsOf('Passkey added')).toHaveCount(1);
  const csvLink = audit.getByRole('link', { name: 'Export CSV' });
  await expect(csvLink).toHaveAttribute('href', new RegExp(`actor=${encodeURIComponent(email)}`));
  const csv = await page.request.get(`${origin}${await csvLink.getAttribute('href')}`);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^seq,occurred_at,action,/);
  expect(lines.filter((line) => line.includes('admin.passkey_added'))).toHaveLength(1);
  // No secret of the steps above: the recovery code used is not in the trail.
  expect(lines.join('\n')).not.toContain(recoveryCodes[0]!);
});
