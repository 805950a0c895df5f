import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, siteLinks, toastRegion, unique, usesPhoneMenu, watchProblems } from './support/app';

// Issue 15: axe over every page, signed out and signed in, finds nothing serious or critical, and no page logs a
// console error or a failed API call. Runs at a desktop's and a phone's width (projects `chromium` and `phone`).

const PAGES = [
  '/',
  '/payment',
  '/payment-success',
  '/orders',
  '/providers',
  '/join',
  '/sign-in',
  '/seller-registration',
  '/sellers',
  '/buyer-requests',
  '/direct-payment',
  '/integrate',
  '/marketplace-setup',
  '/api-access',
  '/developers',
  '/admin',
  '/privacy',
  '/delete-account',
  '/delete-account/confirm',
  '/provider-signup',
  '/dev/mailbox',
  '/dashboard',
  // Outside a marketplace's page it explains itself (ADR 0052); framed, the white-label spec walks it.
  '/embed/checkout',
  '/no-such-page',
] as const;

async function visitAll(page: Page): Promise<string[]> {
  const violations: string[] = [];
  for (const path of PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main')).not.toBeEmpty();
    violations.push(...(await seriousViolations(page)));
  }
  return violations;
}

test.describe('accessibility and a clean console on every page', () => {
  test('signed out', async ({ page }) => {
    // 24 pages, each scanned by axe: minutes on a busy 2-core machine.
    test.setTimeout(300_000);
    const problems = watchProblems(page);
    expect(await visitAll(page)).toEqual([]);

    // The open menu (phone) or the bar (desktop) too.
    await page.goto('/');
    await siteLinks(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('signed in as a buyer', async ({ page }) => {
    // 24 pages, each scanned by axe: minutes on a busy 2-core machine.
    test.setTimeout(300_000);
    const problems = watchProblems(page);
    // Joining signs in (page.request shares the page's cookies).
    const name = 'Axe Buyer';
    const joined = await page.request.post('/api/register-buyer', { data: { name, email: `${unique('axe')}@example.com` } });
    expect(joined.status()).toBe(201);
    expect(await visitAll(page)).toEqual([]);

    await page.goto('/buyer-requests');
    if (await usesPhoneMenu(page)) await siteLinks(page);
    else await page.getByRole('button', { name: `Account: ${name}` }).click();
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

test.describe('keyboard only', () => {
  test('the request form: open, fill and post without a mouse', async ({ page }) => {
    const joined = await page.request.post('/api/register-buyer', {
      data: { name: 'Keys Buyer', email: `${unique('keys')}@example.com` },
    });
    expect(joined.status()).toBe(201);
    const title = unique('Keyboard flyers');
    await page.goto('/buyer-requests');
    // The page is prerendered: its fields are disabled, so out of the Tab order, until the app has hydrated them (the
    // button is not a field: pressed before then, it is held and dispatched once hydrated, ADR 0063).
    const post = page.getByRole('button', { name: 'Post New Request' });
    await post.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Post New Request' });
    await expect(dialog.getByLabel('Request Title')).toBeFocused();
    await page.keyboard.type(title);
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Description')).toBeFocused();
    await page.keyboard.type('Five hundred A5 flyers, full colour, double sided.');
    // The rest by Tab until the submit button, then Enter.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      if (await dialog.getByRole('button', { name: 'Post Request' }).evaluate((el) => el === document.activeElement)) break;
    }
    await expect(dialog.getByRole('button', { name: 'Post Request' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toastRegion(page).getByText('Request Posted Successfully')).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toBeVisible();
  });

  test('the payment form: fill, choose a provider and create the payment without a mouse', async ({ page }) => {
    const joined = await page.request.post('/api/register-buyer', {
      data: { name: 'Keys Payer', email: `${unique('keys-pay')}@example.com` },
    });
    expect(joined.status()).toBe(201);
    await page.goto('/payment');
    // Prerendered, the form is disabled until hydrated and the session says who is paying.
    await expect(page.getByLabel('Order ID')).toBeEnabled();
    await page.getByLabel('Order ID').focus();
    await page.keyboard.type(unique('KEYS'));
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Currency')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Amount')).toBeFocused();
    await page.keyboard.type('12.50');
    await page.keyboard.press('Tab');
    const provider = page.getByLabel('Print Provider');
    await expect(provider).toBeFocused();
    // A focused select takes its option from the keyboard (ArrowDown moves past the "Select" placeholder).
    await page.keyboard.press('ArrowDown');
    await expect(provider).toHaveValue('acct_1PMDemoPrintCo00001');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Create Payment' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Payment breakdown')).toContainText('Total$16.06 USD');
    await page.getByLabel('Card Number').focus();
    await page.keyboard.type('4242 4242 4242 4242');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12/34');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Pay $16.06 USD' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  });
});
