import { expect, test, type Page } from '@playwright/test';

// Radix also copies toast text into a screen-reader announcer; the visible toast lives in the notifications region.
function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

async function registerMarketplace(page: Page, company: string, domain: string, contact: string): Promise<void> {
  await page.goto('/integrate');
  await page.getByRole('tab', { name: 'Setup' }).click();
  await page.getByLabel('Company Name').fill(company);
  await page.getByLabel('Marketplace Domain').fill(domain);
  await page.getByLabel('Contact Email').fill(contact);
  await page.getByLabel('Admin Email').fill(contact.replace('hello', 'admin'));
  await page.getByLabel(/Custom fees/).check();
  await expect(page.getByLabel('Transaction Fee ($)')).toHaveValue('3.56');
  await page.getByLabel('Platform Fee (%)').fill('4.5');
  await page.getByRole('button', { name: 'Set Up Marketplace' }).click();
}

test.describe('marketplace integration', () => {
  test('registers a marketplace from /integrate, emails the contact and refuses the same domain twice', async ({ page }) => {
    const run = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    const company = `E2E Marketplace ${run}`;
    const domain = `shop-${run}.example.com`;
    const contact = `hello-${run}@example.com`;

    await page.goto('/integrate');
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Pricing' }).click();
    await expect(page.getByText('$3.56', { exact: true })).toBeVisible();

    await registerMarketplace(page, company, `https://${domain.toUpperCase()}/`, contact);
    const success = toastRegion(page);
    await expect(success.getByText('Marketplace Setup Complete!')).toBeVisible();
    await expect(success.getByText(new RegExp(company))).toBeVisible();
    await expect(page.getByLabel('Company Name')).toHaveValue('');

    // The confirmation is sent asynchronously (event → notifications service), so refresh until it shows up.
    await page.goto('/dev/mailbox');
    const confirmation = page.getByRole('article', { name: new RegExp(`Email to ${contact}: .*${company}`) });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(confirmation).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(confirmation).toContainText(domain);

    await registerMarketplace(page, 'Copycat', domain, contact);
    const failure = toastRegion(page);
    await expect(failure.getByText('Setup Failed')).toBeVisible();
    await expect(failure.getByText(`A marketplace is already registered for ${domain}.`)).toBeVisible();
  });

  test('the white-label guide uses the typed domain and opens the documentation in a new tab', async ({ page, context }) => {
    await page.goto('/marketplace-setup');
    await page.getByLabel('Your Marketplace Domain').fill('shop.acme.com');
    await page.getByRole('tab', { name: 'Full SDK' }).click();
    await expect(page.getByTestId('snippet-sdk')).toContainText('Order from shop.acme.com');
    await expect(page.getByTestId('snippet-sdk')).toContainText("import { createPayMarketClient } from '@paymarket/sdk';");

    const [docs] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'View Documentation' }).click()]);
    await docs.waitForLoadState();
    expect(new URL(docs.url()).pathname).toBe('/documentation.html');
    await expect(docs.getByRole('heading', { name: 'PayMarket developer documentation' })).toBeVisible();
    await expect(docs.getByText('payment.refunded').first()).toBeVisible();
  });

  test('integration info is public JSON pointing at the documentation', async ({ request }) => {
    const response = await request.get('/api/integration-info');
    expect(response.ok()).toBe(true);
    const info = (await response.json()) as { documentationUrl: string; currencies: string[] };
    expect(info.documentationUrl).toBe('/documentation.html');
    expect(info.currencies).toEqual(['usd', 'cad']);
  });
});
