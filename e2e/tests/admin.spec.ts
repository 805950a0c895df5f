import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { finishAdminSignIn } from './support/admin';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PASSWORD = 'e2e admin password 42';

function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

/** `npm run admin:create` as an operator runs it, against the same data the e2e server uses (or DATABASE_URL). */
function createAdmin(email: string, password = PASSWORD): void {
  const result = spawnSync(
    process.execPath,
    [`${root}services/onboarding/dist/admins/admin-create.cli.js`, '--email', email, '--password', password],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        PAYMARKET_DATA_DIR: process.env.PAYMARKET_E2E_DATA_DIR ?? '/tmp/paymarket-e2e-data',
      },
      timeout: 60_000,
    },
  );
  expect(result.stderr).toBe('');
  expect(result.stdout).toContain(`Administrator ${email} created`);
  expect(result.status).toBe(0);
}

const uniqueEmail = () => `admin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.describe('administrator login', () => {
  test('an admin created from the command line logs in at /admin and logs out', async ({ page, context }) => {
    const email = uniqueEmail();
    createAdmin(email);

    await page.goto('/admin');
    await expect(page.getByText('Administrator Login')).toBeVisible();
    await logIn(page, email, PASSWORD);
    // The first sign-in sets up the second factor (ADR 0072; the whole flow: admin-second-factor.spec.ts).
    await finishAdminSignIn(page, email);
    await expect(page.getByRole('main').getByText(`Signed in as ${email}`)).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'pm_admin');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The bar knows the administrator; an admin session is not a buyer session, so a buyer sign-in is still offered.
    await page.getByRole('button', { name: 'Account: Admin' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText(email)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in as a buyer' })).toHaveAttribute('href', '/sign-in');
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.getByRole('main').getByText(`Signed in as ${email}`)).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('Administrator Login')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Administrator Login')).toBeVisible();
  });

  test('wrong passwords are throttled: after 5 failures even the right one is refused', async ({ page }) => {
    const email = uniqueEmail();
    createAdmin(email);
    await page.goto('/admin');
    for (let i = 0; i < 5; i++) {
      await logIn(page, email, 'not the password!');
      await expect(toastRegion(page).getByText('Email or password is incorrect.')).toBeVisible();
    }
    await logIn(page, email, PASSWORD);
    await expect(toastRegion(page).getByText('Too many failed sign-in attempts. Try again later.')).toBeVisible();
    await expect(page.getByText('Administrator Login')).toBeVisible();
  });
});
