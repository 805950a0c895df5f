// Administrators' second factor in the browser (ADR 0072): after the password, /admin asks for a TOTP code, or on
// the first sign-in sets the authenticator app up. The code is computed here from the secret the page shows, with the
// same library the server uses.
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;
/** The TOTP secret each administrator enrolled in this worker, by email. */
const secrets = new Map<string, string>();
const lastStep = new Map<string, number>();

/**
 * A code the server will take for `secret`: the earliest 30-second step within its ±1 window later than the last
 * one used here (each code is accepted once), waiting for the clock when all three are used.
 */
export async function totpCode(secret: string): Promise<string> {
  for (;;) {
    const current = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
    const step = Math.max(current - 1, (lastStep.get(secret) ?? -Infinity) + 1);
    if (step <= current + 1) {
      lastStep.set(secret, step);
      return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_SECONDS }).generate({
        timestamp: step * PERIOD_SECONDS * 1000,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** The secret `email` enrolled with enrolTotp in this worker. */
export function enrolledSecret(email: string): string {
  const secret = secrets.get(email);
  if (!secret) throw new Error(`${email} has not enrolled a TOTP secret in this test run`);
  return secret;
}

/** On the enrolment screen: sets up the authenticator app from the shown secret; answers the recovery codes. */
export async function enrolTotp(page: Page, email: string): Promise<string[]> {
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  secrets.set(email, secret);
  await page.getByRole('textbox', { name: 'Authenticator code' }).fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Turn on the authenticator app' }).click();
  const listed = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(listed).toHaveCount(10);
  const codes = await listed.allTextContents();
  await page.getByRole('button', { name: /I saved my recovery codes/ }).click();
  return codes;
}

/** After the password: enrols TOTP on a first sign-in, or enters the next code, until the dashboard shows. */
export async function finishAdminSignIn(page: Page, email: string): Promise<void> {
  const enrol = page.getByText('Set up your second factor');
  const verify = page.getByRole('textbox', { name: 'Authenticator code' });
  await expect(enrol.or(verify)).toBeVisible();
  if (await enrol.isVisible()) {
    await enrolTotp(page, email);
  } else {
    await verify.fill(await totpCode(enrolledSecret(email)));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

/** The password step at /admin (already open). */
export async function adminPasswordStep(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
