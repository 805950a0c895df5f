import { expect, test, type BrowserContext, type Page } from '@playwright/test';

const CODE_INVALID = 'That code is not valid. Check the email or ask for a new code.';
const CODE_BURNED = 'Too many wrong codes. Ask for a new one.';

function uniqueEmail(): string {
  return `signin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

async function register(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/join');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Join PayMarket' }).click();
  await expect(toastRegion(page).getByText('Registration Successful!')).toBeVisible();
  // Joining signs in; these tests are about signing in by code, so they start signed out.
  await page.getByRole('button', { name: `Account: ${name}` }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
}

async function requestCode(page: Page, email: string): Promise<void> {
  await page.goto('/sign-in');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText(`Enter the 6-digit code we sent to ${email}.`, { exact: false })).toBeVisible();
}

/** Reads the code the way a person running PayMarket without SMTP does: on the development mailbox page. */
async function codeFromMailbox(context: BrowserContext, email: string): Promise<string> {
  const mailbox = await context.newPage();
  await mailbox.goto('/dev/mailbox');
  const pattern = new RegExp(`^Email to ${email.replace(/[.+]/g, '\\$&')}: Your PayMarket sign-in code: (\\d{6})$`);
  const message = mailbox.getByRole('article', { name: pattern });
  await expect(async () => {
    await mailbox.getByRole('button', { name: 'Refresh' }).click();
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const label = (await message.getAttribute('aria-label')) ?? '';
  await mailbox.close();
  return pattern.exec(label)![1]!;
}

async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('buyer sign-in', () => {
  test('a new buyer registers, signs in with the emailed code, sees the account menu and signs out', async ({ page, context }) => {
    const email = uniqueEmail();
    await register(page, 'Sign-in Buyer', email);
    await requestCode(page, email);
    await enterCode(page, await codeFromMailbox(context, email));

    await expect(toastRegion(page).getByText('Welcome back, Sign-in Buyer!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const account = page.getByRole('button', { name: 'Account: Sign-in Buyer' });
    await expect(account).toBeVisible();
    // The session is a cookie the page cannot read, and it survives a reload.
    expect(await page.evaluate(() => document.cookie)).not.toContain('pm_session');
    await page.reload();
    await account.click();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();

    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'pm_session')).toBeUndefined();
  });

  test('a wrong code is refused, and the 5th wrong try burns the code', async ({ page, context }) => {
    const email = uniqueEmail();
    await register(page, 'Wrong Code', email);
    await requestCode(page, email);
    const code = await codeFromMailbox(context, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    for (let i = 1; i <= 6; i++) {
      await enterCode(page, wrong);
      await expect(toastRegion(page).getByText(i < 5 ? CODE_INVALID : CODE_BURNED)).toBeVisible();
    }
    await enterCode(page, code);
    await expect(toastRegion(page).getByText(CODE_BURNED)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('a code works once; asking again at once is throttled', async ({ page, context, browser }) => {
    const email = uniqueEmail();
    await register(page, 'Once Only', email);
    await requestCode(page, email);
    const code = await codeFromMailbox(context, email);
    await enterCode(page, code);
    await expect(page.getByRole('button', { name: 'Account: Once Only' })).toBeVisible();

    // Another browser tries the same code: refused. Asking for a new one within the minute is throttled.
    const other = await browser.newContext();
    const second = await other.newPage();
    const reuse = await second.request.post('/api/auth/sign-in/verify', { data: { email, code } });
    expect(reuse.status()).toBe(401);
    expect((await reuse.json()).message).toBe(CODE_INVALID);
    await second.goto('/sign-in');
    await second.getByLabel('Email Address').fill(email);
    await second.getByRole('button', { name: 'Email me a code' }).click();
    await expect(toastRegion(second).getByText('We just sent you a code. Wait a minute before asking for a new one.')).toBeVisible();
    await expect(second.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await other.close();
  });

  test('an unknown email gets the same answer and an invitation to register', async ({ page, context }) => {
    const email = uniqueEmail();
    await requestCode(page, email);
    const mailbox = await context.newPage();
    await mailbox.goto('/dev/mailbox');
    const invitation = mailbox.getByRole('article', { name: `Email to ${email}: Sign in to PayMarket` });
    await expect(async () => {
      await mailbox.getByRole('button', { name: 'Refresh' }).click();
      await expect(invitation).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(invitation).toContainText('/join');
  });
});
