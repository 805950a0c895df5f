import { expect, test } from '@playwright/test';
import { approvedCompany, consoleSignIn, mainViolations as axeViolations } from './support/app';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
// In the Stripe emulator: Maple Ink can receive transfers.
const PAYOUT_ACCOUNT = 'acct_1PMDemoMapleInk0002';

// ADR 0051: a company registers its marketplace with its contact email, attaches it in the console's Marketplace tab,
// and sets its branding, domains, fees and payout account there.
test('the console attaches the marketplace registered with the company email and manages it', async ({ page, request }) => {
  // Three axe scans of a long form: generous on a busy machine.
  test.setTimeout(180_000);
  const { email } = await approvedCompany(request, `Tenant Prints ${run}`, `tenant-${run}`);
  const domain = `shop-${run}.example.com`;
  const registered = await request.post('/api/setup-marketplace', {
    data: { companyName: `Tenant Prints ${run}`, marketplaceDomain: domain, contactEmail: email, adminEmail: email },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/developers?tab=marketplace');
  await consoleSignIn(page, request, email);

  await page.getByRole('button', { name: `Attach ${domain}` }).click();
  await expect(page.getByText('Accepting orders', { exact: true })).toBeVisible();
  await expect(page.getByTestId('embed-snippet')).toContainText(`data-marketplace="${domain}"`);
  expect(await axeViolations(page)).toEqual([]);

  // A client-side refusal is shown under its field, and is accessible too.
  await page.getByLabel('Accent colour').fill('blue');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Accent colour')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Accent colour').fill('#4f46e5');
  await page.getByLabel(/^Display name/).fill('Tenant Market');
  await page.getByRole('button', { name: 'Add domain' }).click();
  await page.getByRole('textbox', { name: 'Domain 2' }).fill(`www.tenant-${run}.example.com`);
  await page.getByRole('switch', { name: 'Custom fees' }).check();
  await page.getByLabel('Marketplace share (%)').fill('7.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('marketplace-notice')).toContainText('has no payout account');

  await page.getByLabel(/^Payout account/).fill(PAYOUT_ACCOUNT);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Accepting orders', { exact: true })).toBeVisible();
  await expect(page.getByTestId('marketplace-notice')).toHaveCount(0);

  // What the console shows is what the API stores.
  await page.reload();
  await expect(page.getByLabel(/^Display name/)).toHaveValue('Tenant Market');
  await expect(page.getByRole('textbox', { name: 'Domain 2' })).toHaveValue(`www.tenant-${run}.example.com`);
  await expect(page.getByLabel(/^Payout account/)).toHaveValue(PAYOUT_ACCOUNT);
  expect(await axeViolations(page)).toEqual([]);
});
