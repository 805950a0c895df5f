import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const NO_PERMISSION = "You don't have permission to edit this profile. Only the seller who registered can make changes.";
const XSS = '<img src=x onerror="window.__pwned=1">';

function unique(): string {
  return `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

async function showcaseTotal(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/sellers-showcase?limit=1');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { stats: { total: number } }).stats.total;
}

async function fillSellerForm(page: Page, values: { businessName: string; email: string }): Promise<void> {
  await page.getByLabel('Business Name').fill(values.businessName);
  await page.getByLabel('Your Name').fill('Erin Example');
  await page.locator('#seller-email').fill(values.email);
  await page.getByLabel('Phone').fill('+1 555 010 0199');
  await page.getByLabel('Category').selectOption('signage');
  await page.getByLabel('Location').fill('Winnipeg, MB');
  await page
    .getByLabel('Business Description')
    .fill('Large-format banners, vinyl lettering and storefront signs made to order in Winnipeg.');
  await page.getByLabel('Products & Services').fill('Banners, decals, roll-up stands');
  await page.getByLabel('Pricing').fill('Banners from $6 per sq ft');
  await page.getByLabel('Website').fill('erin-signs.example.com');
}

test.describe('sellers', () => {
  test('an invalid registration shows every rule’s message and stores nothing', async ({ page, request }) => {
    const before = await showcaseTotal(request);
    await page.goto('/seller-registration');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await expect(page.getByText('$4.79 CAD')).toBeVisible();
    await page.getByLabel('Website').fill('not a url');
    await page.getByRole('button', { name: 'Register as Seller' }).click();
    for (const message of [
      'Business name must be at least 2 characters',
      'Your name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Please select a category',
      'Please provide at least 50 characters description',
      'Please describe your products/services',
      'Please provide pricing information',
      'Please enter your location',
      'Please enter a valid website URL',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    expect(await showcaseTotal(request)).toBe(before);
  });

  test('register, find in the directory, edit from this browser; another browser cannot, until it recovers the link by email', async ({
    page,
    browser,
  }) => {
    const businessName = `Erin Signs ${unique()}`;
    const email = `erin-${unique()}@example.com`;

    await page.goto('/seller-registration');
    await fillSellerForm(page, { businessName, email });
    await page.getByRole('button', { name: 'Register as Seller' }).click();
    await expect(toastRegion(page).getByText('Registration Successful!')).toBeVisible();
    await expect(page.getByLabel('Business Name')).toHaveValue('');

    await page.goto('/sellers');
    const card = page.getByRole('article', { name: businessName });
    await expect(card).toBeVisible();
    await expect(card.getByText('Signage', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Website' })).toHaveAttribute('href', 'https://erin-signs.example.com');
    await card.getByRole('link', { name: 'Edit' }).click();

    await expect(page.getByText('Edit Profile')).toBeVisible();
    await expect(page.getByLabel('Category')).toHaveValue('signage');
    await page.getByLabel('Pricing').fill('Banners from $5 per sq ft');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/sellers$/);
    await expect(page.getByRole('article', { name: businessName }).getByText('Banners from $5 per sq ft')).toBeVisible();
    const editUrl =
      new URL(page.url()).origin +
      (await page.getByRole('article', { name: businessName }).getByRole('link', { name: 'Edit' }).getAttribute('href'))!;
    const sellerId = editUrl.split('/').at(-1)!;

    // A fresh browser: no token, so no Edit button and no form.
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await stranger.goto('/sellers');
    await expect(stranger.getByRole('article', { name: businessName })).toBeVisible();
    await expect(stranger.getByRole('article', { name: businessName }).getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await stranger.goto(`/sellers/edit/${sellerId}`);
    await expect(stranger.getByText(NO_PERMISSION)).toBeVisible();
    await expect(stranger.getByText('Edit Profile')).toHaveCount(0);

    // Lost edit link: the profile email receives a one-time link that makes this browser the editor.
    await stranger.getByLabel('Profile email').fill(email);
    await stranger.getByRole('button', { name: 'Email me an edit link' }).click();
    await expect(stranger.getByText(/we've sent a link to edit it/)).toBeVisible();
    let link = '';
    await expect(async () => {
      const mailbox = (await (await stranger.request.get('/api/dev/mailbox?limit=200')).json()) as Array<{
        to: string;
        subject: string;
        text: string;
      }>;
      const message = mailbox.find((m) => m.to === email && m.subject.startsWith('Your edit link'));
      expect(message).toBeDefined();
      link = /(\/sellers\/edit\/[^\s]+recovery=[A-Za-z0-9_-]+)/.exec(message!.text)![1]!;
    }).toPass({ timeout: 15_000 });
    await stranger.goto(link);
    await expect(stranger.getByText('Edit Profile')).toBeVisible();
    await expect(stranger).toHaveURL(new RegExp(`/sellers/edit/${sellerId}$`));
    expect(await stranger.evaluate((id) => window.localStorage.getItem(`seller_auth_${id}`), sellerId)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await other.close();

    // The first browser's token was revoked by the recovery.
    await page.goto(`/sellers/edit/${sellerId}`);
    await page.getByLabel('Pricing').fill('Banners from $4 per sq ft');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastRegion(page).getByText('Update Failed')).toBeVisible();
  });

  test('free text with HTML is shown as text, never run', async ({ page, request }) => {
    const businessName = `${XSS} ${unique()}`;
    const response = await request.post('/api/register-seller', {
      data: {
        businessName,
        sellerName: '<script>window.__pwned=1</script>',
        email: `xss-${unique()}@example.com`,
        phone: '5550100199',
        category: 'other',
        description: '<b>bold?</b><img src=x onerror="window.__pwned=1"> a description long enough to pass validation rules',
        products: '<iframe src="javascript:alert(1)"></iframe>',
        pricing: '<svg onload="window.__pwned=1">',
        location: '<a href="javascript:alert(1)">x</a>',
      },
    });
    expect(response.status()).toBe(201);
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    // (The Print Providers page lists print providers, not sellers.)
    for (const path of ['/sellers']) {
      await page.goto(path);
      const card = page.getByRole('article', { name: businessName });
      await expect(card).toBeVisible();
      await expect(card.getByText(businessName)).toBeVisible();
      await expect(card.locator('img, iframe, svg[onload], script')).toHaveCount(0);
    }
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toBe(0);
  });

  test('/sellers-showcase leads to the directory with its stat cards and call to action', async ({ page }) => {
    await page.goto('/sellers-showcase');
    await expect(page).toHaveURL(/\/sellers$/);
    await expect(page.getByText('Active Sellers')).toBeVisible();
    await expect(page.getByText('$3.56', { exact: true })).toBeVisible();
    await expect(page.getByText('Ready to Start Selling?')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join the Marketplace' })).toHaveAttribute('href', '/seller-registration');
  });
});
