import { expect, test, type Page } from '@playwright/test';

function uniqueEmail(): string {
  return `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

// Radix also copies toast text into a screen-reader announcer; the visible toast lives in the notifications region.
function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

async function register(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/join');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Company').fill('E2E Prints Ltd');
  await page.getByRole('button', { name: 'Join PayMarket' }).click();
}

test.describe('buyer registration', () => {
  test('an empty form shows the validation messages under the fields', async ({ page }) => {
    await page.goto('/join');
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();

    await page.getByRole('button', { name: 'Join PayMarket' }).click();

    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByLabel('Email Address')).toHaveAttribute('aria-invalid', 'true');
  });

  test('registers a buyer, delivers a welcome email and refuses the same email twice', async ({ page }) => {
    const email = uniqueEmail();

    await register(page, 'E2E Buyer', email);
    await expect(toastRegion(page).getByText('Registration Successful!')).toBeVisible();
    // Joining signs the buyer in: the form gives way to the next steps, and the bar knows them.
    await expect(page.getByText(`Signed in as E2E Buyer (${email})`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Post a request' })).toHaveAttribute('href', '/buyer-requests');

    // The welcome email is sent asynchronously (event → notifications service), so refresh until it shows up.
    await page.goto('/dev/mailbox');
    const welcome = page.getByRole('article', { name: `Email to ${email}: Welcome to PayMarket` });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(welcome).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(welcome).toContainText('Hi E2E Buyer,');

    // Another visitor (no session) cannot take the same email.
    await page.context().clearCookies();
    await register(page, 'E2E Buyer', email);
    const failure = toastRegion(page);
    await expect(failure.getByText('Registration Failed')).toBeVisible();
    await expect(failure.getByText('An account with this email already exists.')).toBeVisible();
  });
});
