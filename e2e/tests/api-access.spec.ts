import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { finishAdminSignIn } from './support/admin';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PASSWORD = 'e2e admin password 42';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

/** `npm run admin:create` as an operator runs it, against the same data the e2e server uses. */
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
  expect(result.stdout).toContain(`Administrator ${email} created`);
  expect(result.status).toBe(0);
}

async function fillApplication(page: Page, fields: { name: string; website: string; email: string }): Promise<void> {
  await page.getByLabel('Company Name').fill(fields.name);
  await page.getByLabel('Website').fill(fields.website);
  await page.getByLabel('Business Email').fill(fields.email);
  await page.getByLabel('Business Type').selectOption('saas');
  await page.getByLabel('Contact Name').fill('Ada Lovelace');
  await page.getByLabel('Contact Phone').fill('+1 416 555 0134');
  await page.getByLabel('Tax ID').fill('CA-123456789');
}

test.describe('API access', () => {
  test('a company on its own domain is approved at once and sees its credentials, secrets hidden until shown', async ({ page }) => {
    await page.goto('/api-access');
    await expect(page.getByRole('heading', { name: 'Request API Access' })).toBeVisible();
    await page.getByRole('button', { name: 'Request API Access' }).click();
    await expect(page.getByText('Company name is required')).toBeVisible();

    await fillApplication(page, { name: 'Acme Prints Ltd', website: `https://acme-${run}.com`, email: `ops@acme-${run}.com` });
    await page.getByRole('button', { name: 'Request API Access' }).click();

    await expect(page.getByRole('heading', { name: 'API Access Approved!' })).toBeVisible();
    await expect(page.getByText('These credentials are shown only once.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('credential-API Key')).toHaveText(/^pk_test_[0-9a-f]{32}$/);
    await expect(page.getByTestId('credential-Secret Key')).not.toContainText('sk_test_');
    await page.getByRole('button', { name: 'Show secrets' }).click();
    await expect(page.getByTestId('credential-Secret Key')).toHaveText(/^sk_test_/);
    await expect(page.getByTestId('credential-Webhook Secret')).toHaveCount(0);

    // The issued secret works against the API.
    const secret = (await page.getByTestId('credential-Secret Key').textContent())!;
    const account = await page.request.get('/api/v1/account', { headers: { authorization: `Bearer ${secret}` } });
    expect(account.status()).toBe(200);
    expect((await account.json()).company.name).toBe('Acme Prints Ltd');
  });

  test('an administrator approves a flagged company, whose contact then reveals the credentials from the emailed link', async ({
    page,
  }) => {
    const contact = `grace.${run}@gmail.com`;
    const name = `Hopper Labs ${run}`;
    await page.goto('/api-access');
    await fillApplication(page, { name, website: `https://hopper-${run}.com`, email: contact });
    await page.getByRole('button', { name: 'Request API Access' }).click();
    await expect(page.getByRole('heading', { name: 'Application Under Review' })).toBeVisible();
    await expect(page.getByText('36/100')).toBeVisible();

    const adminEmail = `company-admin-${run}@example.com`;
    createAdmin(adminEmail);
    await page.goto('/admin');
    await page.getByLabel('Email Address').fill(adminEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await finishAdminSignIn(page, adminEmail);
    await expect(page.getByRole('heading', { name: 'Company applications' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Flagged')).toBeVisible();

    await row.getByRole('button', { name: `View ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(contact)).toBeVisible();
    await dialog.getByLabel('Approval notes').fill('Spoke to the founder.');
    await dialog.getByRole('button', { name: 'Approve with notes' }).click();
    await expect(toastRegion(page).getByText(`${name} has been approved`, { exact: false })).toBeVisible();
    await expect(row.getByText('Approved')).toBeVisible();

    let path: string | undefined;
    await expect
      .poll(async () => {
        const mailbox = (await (await page.request.get('/api/dev/mailbox?limit=200')).json()) as Array<{ to: string; text: string }>;
        path = mailbox.map((m) => (m.to === contact ? /(\/api-access\?company=[^\s]+)/.exec(m.text)?.[1] : undefined)).find(Boolean);
        return path;
      })
      .toBeTruthy();
    await page.goto(path!);
    await expect(page.getByRole('heading', { name: 'Get your API credentials' })).toBeVisible();
    await page.getByRole('button', { name: 'Show my credentials' }).click();
    await expect(page.getByTestId('credential-API Key')).toHaveText(/^pk_test_/);
    await page.getByRole('button', { name: 'Show secrets' }).click();
    await expect(page.getByTestId('credential-Secret Key')).toHaveText(/^sk_test_/);

    // The link works once.
    await page.goto(path!);
    await page.getByRole('button', { name: 'Show my credentials' }).click();
    await expect(toastRegion(page).getByText('Link Not Valid')).toBeVisible();
  });
});
