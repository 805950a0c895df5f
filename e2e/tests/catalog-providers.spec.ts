import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { finishAdminSignIn } from './support/admin';

const root = fileURLToPath(new URL('../../', import.meta.url));
const VALID = 'acct_1PMDemoMapleInk0002';
const RESTRICTED = 'acct_1PMDemoRestricted03';
const PASSWORD = 'e2e provider reviewer 42';

function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

function createAdmin(email: string): void {
  const result = spawnSync(
    process.execPath,
    [`${root}services/onboarding/dist/admins/admin-create.cli.js`, '--email', email, '--password', PASSWORD],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'warn', PAYMARKET_DATA_DIR: process.env.PAYMARKET_E2E_DATA_DIR ?? '/tmp/paymarket-e2e-data' },
      timeout: 60_000,
    },
  );
  expect(result.status).toBe(0);
}

async function fillApplication(page: Page, businessName: string, email: string): Promise<void> {
  await page.getByLabel('Business Name').fill(businessName);
  await page.getByLabel('Contact Name').fill('Jean Roy');
  await page.locator('#provider-email').fill(email);
  await page.getByLabel('Phone').fill('4165550100');
  await page.getByLabel('Business Address').fill('12 King Street West, Toronto, ON');
  await page.getByLabel('Website').fill('mapleink.example.com');
  await page.getByLabel('Years in Business').selectOption('6-10');
  await page.getByLabel('Service Area').fill('Canada and the northern US');
  await page.getByLabel('Turnaround Time').fill('3-5 business days');
  await page.getByLabel('Print Capabilities').fill('Offset, large-format and digital presses up to 64 inches');
  await page
    .getByLabel('Portfolio Description')
    .fill('Fifteen years of packaging, posters and books for publishers, breweries and galleries.');
  await page.getByRole('checkbox').check();
}

test.describe('print providers', () => {
  test('the Print Providers page lists the print providers buyers pay, with their profile and contact actions', async ({ page }) => {
    await page.goto('/providers');
    await expect(page.getByRole('heading', { name: 'Print Providers' })).toBeVisible();
    const demo = page.getByRole('article', { name: 'Demo Print Co.' });
    await expect(demo).toBeVisible();
    await expect(demo.getByText('Active')).toBeVisible();
    await expect(demo.getByText('Dana Reyes')).toBeVisible();
    await expect(demo.getByRole('link', { name: 'Email' })).toHaveAttribute('href', /^mailto:/);
    // The demo sellers are on /sellers, not here.
    await expect(page.getByRole('article', { name: 'Harbour Print Works' })).toHaveCount(0);
    await demo.getByRole('link', { name: 'Pay Demo Print Co.' }).click();
    await expect(page).toHaveURL(/\/payment\?provider=acct_1PMDemoPrintCo00001$/);
  });

  test('apply with an invalid then a valid connected account; an admin approves; the provider is offered for payment', async ({
    page,
    browser,
    request,
  }) => {
    const email = `provider-${Date.now()}@example.com`;
    const businessName = `Maple Ink E2E ${Date.now()}`;
    await page.goto('/provider-signup');
    await fillApplication(page, businessName, email);

    const account = page.getByLabel('Stripe Connect Account ID');
    await account.fill(RESTRICTED);
    // idle → validating → invalid, with the reason payments gave.
    await expect(page.getByRole('form', { name: 'Print provider application' }).getByRole('alert')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(toastRegion(page).getByText('Invalid Stripe Account')).toBeVisible();
    await expect(toastRegion(page).getByText('Please provide a valid Stripe Connect Account ID before submitting.')).toBeVisible();

    await account.fill(VALID);
    await expect(page.getByText(/Maple Ink \(CA\)/)).toBeVisible();

    const providersBefore = (await (await request.get('/api/print-providers')).json()) as Array<{ stripeAccountId: string }>;
    await page.getByRole('button', { name: 'Submit Application' }).click();
    if (providersBefore.some((p) => p.stripeAccountId === VALID)) {
      // A previous run on this data folder already made this demo account a provider: a second provider is refused.
      await expect(toastRegion(page).getByText('Submission Error')).toBeVisible();
      await expect(toastRegion(page).getByText('A print provider with this Stripe account is already on PayMarket.')).toBeVisible();
      return;
    }
    await expect(page.getByRole('heading', { name: 'Application Received!' })).toBeVisible();
    await expect(page.getByText(/2-3 business days/)).toBeVisible();
    await expect(page.getByText('Portfolio assessment')).toBeVisible();

    const adminEmail = `reviewer-${Date.now()}@example.com`;
    createAdmin(adminEmail);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await admin.goto('/admin');
    await admin.getByLabel('Email Address').fill(adminEmail);
    await admin.getByLabel('Password').fill(PASSWORD);
    await admin.getByRole('button', { name: 'Log in' }).click();
    // The first sign-in sets up the second factor (ADR 0072).
    await finishAdminSignIn(admin, adminEmail);
    const application = admin.getByRole('article', { name: `Application from ${businessName}` });
    await expect(application).toBeVisible();
    await application.getByLabel('Note to the applicant').fill('Welcome aboard!');
    await application.getByRole('button', { name: 'Approve' }).click();
    await expect(toastRegion(admin).getByText('Application Approved')).toBeVisible();
    await expect(application).toHaveCount(0);
    await adminContext.close();

    const providers = (await (await request.get('/api/print-providers')).json()) as Array<{ name: string; stripeAccountId: string }>;
    expect(providers).toContainEqual(expect.objectContaining({ name: businessName, stripeAccountId: VALID }));
    // Offered to a buyer: a signed-out visitor's payment form is locked and lists no one (ADR 0062).
    const joined = await page.request.post('/api/register-buyer', { data: { name: 'Provider Payer', email: `payer-${email}` } });
    expect(joined.status()).toBe(201);
    await page.goto('/payment');
    await expect(page.locator(`option[value="${VALID}"]`)).toHaveCount(1);
    // And on the Print Providers page, with the profile from the application.
    await page.goto('/providers');
    await expect(page.getByRole('article', { name: businessName })).toContainText('Jean Roy');

    await expect(async () => {
      const mailbox = (await (await request.get('/api/dev/mailbox?limit=200')).json()) as Array<{
        to: string;
        subject: string;
        text: string;
      }>;
      const decided = mailbox.find((m) => m.to === email && m.subject.includes('approved'));
      expect(decided?.text).toContain('Welcome aboard!');
    }).toPass({ timeout: 15_000 });
  });
});
