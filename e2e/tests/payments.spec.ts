import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminPasswordStep, finishAdminSignIn } from './support/admin';

// The payment pages against the embedded product: the payments service talks to the local Stripe emulator, so the
// card form is the development-mode test-card form and 3-D Secure is the emulator's authentication page.

const root = fileURLToPath(new URL('../../', import.meta.url));
const PROVIDER_ACCOUNT = 'acct_1PMDemoPrintCo00001';
/** The emulator's other demo account that can receive transfers: a seller connects it as their payout account. */
const SELLER_ACCOUNT = 'acct_1PMDemoMapleInk0002';
const BUYER_NAME = 'E2E Payer';
const ADMIN_PASSWORD = 'e2e admin password 42';
// One signed-in buyer for the whole file: sign-in codes are rate limited per IP.
const buyerStateFile = join(tmpdir(), `paymarket-e2e-payments-buyer-${process.pid}.json`);

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

/** Registers at /join, which signs the new buyer in, and keeps the session for the file. */
async function signInAsNewBuyer(browser: Browser, baseURL: string): Promise<void> {
  // Explicitly empty: newContext() inherits the file's `storageState` option, whose file this function writes.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const email = `${unique('payer')}@example.com`;

  await page.goto('/join');
  await page.getByLabel('Full Name').fill(BUYER_NAME);
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Join PayMarket' }).click();
  await expect(toastRegion(page).getByText('Registration Successful!')).toBeVisible();
  await expect(page.getByRole('button', { name: `Account: ${BUYER_NAME}` })).toBeVisible();
  await context.storageState({ path: buyerStateFile });
  await context.close();
}

/** Fills /payment for 100.00 usd to the demo print provider and creates the order and its PaymentIntent. */
async function preparePayment(page: Page, orderId: string): Promise<void> {
  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
  await expect(page.getByText(`Paying as ${BUYER_NAME}`)).toBeVisible();
  await page.getByLabel('Order ID').fill(orderId);
  await page.getByLabel('Currency').selectOption('usd');
  await page.getByLabel('Amount').fill('100.00');
  const provider = page.getByLabel('Print Provider');
  await expect(provider.locator(`option[value="${PROVIDER_ACCOUNT}"]`)).toHaveText('Demo Print Co. Stripe Connected');
  await provider.selectOption(PROVIDER_ACCOUNT);
  await page.getByRole('button', { name: 'Create Payment' }).click();

  await expect(toastRegion(page).getByText('Payment Ready (Development Mode)')).toBeVisible();
  const breakdown = page.getByLabel('Payment breakdown');
  await expect(breakdown).toContainText('Product Amount$100.00');
  await expect(breakdown).toContainText('Transaction Fee$3.56');
  await expect(breakdown).toContainText('Total$103.56 USD');
}

async function payWithCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card Number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $103.56 USD' }).click();
}

async function expectOrderStatus(page: Page, orderId: string, status: string, view?: 'All orders'): Promise<void> {
  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order ${orderId}` });
  // The order completes when the server has checked with Stripe (or its webhook arrived): reload until it shows.
  await expect(async () => {
    await page.reload();
    if (view) await page.getByRole('button', { name: view }).click();
    await expect(card.getByText(status, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe('payments', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(90_000);
    await signInAsNewBuyer(browser, String(testInfo.project.use.baseURL));
  });
  test.afterAll(() => rmSync(buyerStateFile, { force: true }));

  test.describe('a signed-in buyer on /payment', () => {
    test.use({ storageState: buyerStateFile });

    test('pays 100.00 usd to a provider with 4242… and sees the order completed in Order History', async ({ page }) => {
      const orderId = unique('E2E-OK');
      await preparePayment(page, orderId);
      await expect(page.getByRole('button', { name: 'Create Payment' })).toHaveCount(0);

      await payWithCard(page, '4242 4242 4242 4242');

      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await expect(toastRegion(page).getByText('Your payment has been processed successfully.')).toBeVisible();

      await expectOrderStatus(page, orderId, 'Completed');
      const card = page.getByRole('article', { name: `Order ${orderId}` });
      // Who was paid, by name, and what the buyer paid: amount, fee and total.
      await expect(card).toContainText('Print ProviderDemo Print Co.');
      await expect(card).not.toContainText('acct_');
      await expect(card).toContainText('Amount$100.00');
      await expect(card).toContainText('Transaction Fee$3.56');
      await expect(card).toContainText('Total$103.56');
      await expect(card).toContainText('USD');
      await expect(card).toContainText(/pi_\w+/);
    });

    test('a declined card (4000 0000 0000 0002) shows "Payment Failed"', async ({ page }) => {
      await preparePayment(page, unique('E2E-DECLINE'));

      await payWithCard(page, '4000 0000 0000 0002');

      await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
      await expect(page.getByText('Please check your payment details and try again')).toBeVisible();
      await expect(toastRegion(page).getByText('Payment Failed')).toBeVisible();
    });

    test('the 3-D Secure card (4000 0025 0000 3155) passes the authentication page and lands on the success page', async ({ page }) => {
      const orderId = unique('E2E-3DS');
      await preparePayment(page, orderId);

      await payWithCard(page, '4000 0025 0000 3155');

      await expect(page.getByRole('heading', { name: '3D Secure test payment page' })).toBeVisible();
      await page.getByRole('button', { name: 'Complete authentication' }).click();

      await expect(page).toHaveURL(/\/payment-success\?.*payment_intent=pi_/);
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Payment' })).toHaveAttribute('href', '/payment');
      await expectOrderStatus(page, orderId, 'Completed');
    });

    test('an administrator refunds part of a completed order, which shows as partially refunded', async ({ page }) => {
      const orderId = unique('E2E-REFUND');
      await preparePayment(page, orderId);
      await payWithCard(page, '4242 4242 4242 4242');
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

      const adminEmail = `${unique('refund-admin')}@example.com`;
      const created = spawnSync(
        process.execPath,
        [`${root}services/onboarding/dist/admins/admin-create.cli.js`, '--email', adminEmail, '--password', ADMIN_PASSWORD],
        {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, LOG_LEVEL: 'warn', PAYMARKET_DATA_DIR: process.env.PAYMARKET_E2E_DATA_DIR ?? '/tmp/paymarket-e2e-data' },
          timeout: 60_000,
        },
      );
      expect(created.stdout).toContain(`Administrator ${adminEmail} created`);
      await page.goto('/admin');
      // Password, then the second factor every administrator sets up at the first sign-in (ADR 0072).
      await adminPasswordStep(page, adminEmail, ADMIN_PASSWORD);
      await finishAdminSignIn(page, adminEmail);
      await expect(page.getByText(`Signed in as ${adminEmail}`, { exact: true })).toBeVisible();

      await expectOrderStatus(page, orderId, 'Completed', 'All orders');
      const card = page.getByRole('article', { name: `Order ${orderId}` });
      await card.getByRole('button', { name: 'Refund' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Amount (optional)').fill('50.00');
      await dialog.getByLabel('Reason (optional)').fill('Half of the order was misprinted');
      await dialog.getByRole('button', { name: 'Issue Refund' }).click();

      await expect(toastRegion(page).getByText('Refund Issued')).toBeVisible();
      await expect(card.getByText('Partially Refunded', { exact: true })).toBeVisible();
      await expect(card).toContainText('Refunded$50.00');
    });
  });

  test.describe('paying a seller on /payment (ADR 0030)', () => {
    test.use({ storageState: buyerStateFile });

    test('a seller connects a payout account at registration, then a buyer pays them and the order completes', async ({ page }) => {
      const businessName = unique('Maple Letterpress');
      await page.goto('/seller-registration');
      await page.getByLabel('Business Name').fill(businessName);
      await page.getByLabel('Your Name').fill('Lou Tremblay');
      await page.locator('#seller-email').fill(`${unique('lou')}@example.com`);
      await page.getByLabel('Phone').fill('4165550100');
      await page.getByLabel('Category').selectOption('printing');
      await page.getByLabel('Location').fill('Montreal, QC');
      await page.getByLabel('Business Description').fill('Letterpress and risograph studio: wedding suites, cards and art editions.');
      await page.getByLabel('Products & Services').fill('Letterpress cards, riso prints');
      await page.getByLabel('Pricing').fill('From $40 per 100 cards');
      await page.getByLabel('Stripe Connect account ID').fill(SELLER_ACCOUNT);
      await expect(page.getByText(/Stripe account verified/)).toBeVisible();
      await page.getByRole('button', { name: 'Register as Seller' }).click();
      await expect(toastRegion(page).getByText('Registration Successful!')).toBeVisible();

      const orderId = unique('E2E-SELLER');
      await page.goto('/payment');
      await expect(page.getByText(`Paying as ${BUYER_NAME}`)).toBeVisible();
      const recipient = page.getByLabel('Print Provider');
      const option = recipient.locator('option', { hasText: `${businessName} - Lou Tremblay` });
      await expect(option).toBeEnabled();
      // The demo sellers have no payout account: listed, but not selectable, with a note saying why.
      await expect(page.getByText(/Greyed-out sellers have not connected a Stripe account yet/)).toBeVisible();
      await page.getByLabel('Order ID').fill(orderId);
      await page.getByLabel('Currency').selectOption('usd');
      await page.getByLabel('Amount').fill('100.00');
      await recipient.selectOption({ label: `${businessName} - Lou Tremblay` });
      await page.getByRole('button', { name: 'Create Payment' }).click();
      await expect(toastRegion(page).getByText('Payment Ready (Development Mode)')).toBeVisible();
      await expect(page.getByLabel('Payment breakdown')).toContainText('Total$103.56 USD');

      await payWithCard(page, '4242 4242 4242 4242');
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await expectOrderStatus(page, orderId, 'Completed');
      await expect(page.getByRole('article', { name: `Order ${orderId}` })).toContainText(`Seller${businessName}`);
    });
  });

  test.describe('a guest on /direct-payment', () => {
    test('pays a seller directly with 4242… and the form resets', async ({ page }) => {
      await page.goto('/direct-payment');
      await expect(page.getByRole('list', { name: 'How it works' })).toBeVisible();
      // Sellers are chosen by name; only those who connected a payout account are offered (the demo's Harbour).
      const seller = page.getByLabel(/^Seller/);
      await expect(seller.locator('option', { hasText: 'Harbour Print Works - Maya Thompson' })).toHaveCount(1);
      await expect(seller.locator('option', { hasText: 'acct_' })).toHaveCount(0);
      await seller.selectOption({ label: 'Harbour Print Works - Maya Thompson' });
      await page.getByLabel('Amount').fill('25.50');
      await expect(page.getByLabel('Live breakdown')).toContainText('Total$29.06 USD');
      await page.getByLabel('Description').fill('Flyers for the spring fair');
      await page.getByLabel('Your Name').fill('Guest Payer');
      await page.getByLabel('Your Email').fill(`${unique('guest')}@example.com`);
      await page.getByRole('button', { name: 'Prepare Payment' }).click();

      await expect(toastRegion(page).getByText('Payment Ready')).toBeVisible();
      await expect(toastRegion(page).getByText(/Total: \$29\.06 USD/)).toBeVisible();
      await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay $29.06 USD' }).click();

      await expect(toastRegion(page).getByText('Payment Successful!')).toBeVisible();
      await expect(toastRegion(page).getByText(/PayMarket collected only the \$3\.56 transaction fee/)).toBeVisible();
      await expect(page.getByLabel('Card Number')).toHaveCount(0);
      await expect(page.getByLabel('Amount')).toHaveValue('');
    });
  });
});
