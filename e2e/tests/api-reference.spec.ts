import { expect, test } from '@playwright/test';

// ADR 0035: the API reference renders from the local Swagger UI files and the generated document, within the CSP.
test('the API reference at /documentation renders the generated document, offline and within the CSP', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
  const response = await page.goto('/documentation');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /PayMarket API/ })).toBeVisible();
  // Tags start collapsed; opening one shows its operations.
  await page.locator('#operations-tag-Refunds').click();
  await expect(page.getByText('/api/v1/refunds').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Guide' })).toHaveAttribute('href', '/documentation.html');
  expect(problems).toEqual([]);
});
