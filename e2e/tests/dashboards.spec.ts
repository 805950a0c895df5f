import { expect, test } from '@playwright/test';
import {
  acceptAndPay,
  adminLogIn,
  buyerWithRequest,
  createAdmin,
  dashboardSignIn,
  postRequest,
  registerSeller,
  sendQuote,
  seriousViolations,
  unique,
} from './support/app';

// The demo print provider (services/catalog/src/seed): its payout account and the email on its profile.
const DEMO_PROVIDER = { account: 'acct_1PMDemoPrintCo00001', email: 'payouts@demoprint.example.com' };

// Issue 14 (ADR 0047): sellers and print providers sign in to their dashboards by emailed code and see their share
// of each order; a disputed payment shows on both dashboards and on the admin orders page, whose Refund is frozen.
test.describe('seller and provider dashboards', () => {
  test('a quote shared with the demo provider: both sign in by code and see their share; a dispute shows everywhere', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const requestId = await buyerWithRequest(page);
    const sellerContext = await browser.newContext();
    const seller = await registerSeller(sellerContext.request);
    const share = { amount: '120.00', providerAmount: '30.00', printProviderStripeAccountId: DEMO_PROVIDER.account };
    const paidOrder = `quote_${await sendQuote(sellerContext.request, seller, requestId, share)}`;
    await acceptAndPay(page, requestId, seller, '4242 4242 4242 4242', '$123.56 USD');

    // The seller, in a browser without its edit token: /dashboard/seller/:id sends it to sign in with a code.
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto(`/dashboard/seller/${seller.id}`);
    await expect(sellerPage).toHaveURL(new RegExp(`/dashboard\\?seller=${seller.id}$`));
    await expect(sellerPage.getByRole('link', { name: 'your seller profile' })).toBeVisible();
    expect(await seriousViolations(sellerPage)).toEqual([]);
    await sellerPage.getByLabel('Email Address').fill('not an email');
    await sellerPage.getByRole('button', { name: 'Email me a code' }).click();
    await expect(sellerPage.getByText('Please enter a valid email address')).toBeVisible();
    await dashboardSignIn(sellerPage, seller.email);
    // One profile: straight to it.
    await expect(sellerPage).toHaveURL(new RegExp(`/dashboard/seller/${seller.id}$`));
    await expect(sellerPage.getByRole('heading', { name: 'Seller dashboard' })).toBeVisible();
    const sellerRow = sellerPage.getByRole('row', { name: new RegExp(paidOrder) });
    await expect(sellerRow).toContainText('$90.00 USD');
    await expect(sellerRow).toContainText('$30.00 USD');
    expect(await seriousViolations(sellerPage)).toEqual([]);
    const download = sellerPage.waitForEvent('download');
    await sellerPage.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`paymarket-statement-${seller.id}.csv`);

    // The demo provider signs in in its own browser and sees its share of the same order.
    const providerContext = await browser.newContext();
    const providerPage = await providerContext.newPage();
    await dashboardSignIn(providerPage, DEMO_PROVIDER.email);
    await expect(providerPage).toHaveURL(/\/dashboard\/provider\/[^/]+$/);
    await expect(providerPage.getByRole('heading', { name: 'Print provider dashboard' })).toBeVisible();
    await expect(providerPage.getByText(/Your payout account (can|cannot) receive transfers/)).toBeVisible();
    const providerRow = providerPage.getByRole('row', { name: new RegExp(paidOrder) });
    await expect(providerRow).toContainText('$30.00 USD');
    await expect(providerPage.getByRole('img', { name: 'Net earnings per month' })).toBeVisible();
    expect(await seriousViolations(providerPage)).toEqual([]);

    // A second quote with the provider, paid with Stripe's dispute test card.
    const secondId = await postRequest(page);
    const disputedOrder = `quote_${await sendQuote(sellerContext.request, seller, secondId, { ...share, amount: '80.00', providerAmount: '20.00' })}`;
    await acceptAndPay(page, secondId, seller, '4000 0000 0000 0259', '$83.56 USD');
    for (const dashboard of [sellerPage, providerPage]) {
      await expect(async () => {
        await dashboard.reload();
        await expect(dashboard.getByRole('row', { name: new RegExp(disputedOrder) })).toContainText('needs response', { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
    }

    // The administrator sees the dispute on the orders page, and Refund frozen with the reason.
    const adminEmail = `${unique('admin')}@example.com`;
    createAdmin(adminEmail);
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await adminLogIn(adminPage, adminEmail);
    await adminPage.goto('/orders');
    const order = adminPage.getByRole('article', { name: `Order ${disputedOrder}` });
    await expect(order.getByText('Disputed: Needs Response · $83.56 USD')).toBeVisible();
    await expect(order.getByRole('button', { name: 'Refund' })).toBeDisabled();
    await expect(order.getByText('refunds are frozen until the dispute is won')).toBeVisible();
    await expect(adminPage.getByRole('article', { name: `Order ${paidOrder}` }).getByRole('button', { name: 'Refund' })).toBeEnabled();
    // The books still balance with the dispute held (ledger:verify, as the administrator's check runs it).
    const ledger = await adminPage.request.get('/api/admin/ledger/verify');
    expect(ledger.status()).toBe(200);
    expect(await ledger.json()).toMatchObject({ ok: true, problems: [] });

    // Sign-out ends the dashboard session: the seller's page asks to sign in again.
    await sellerPage.getByRole('button', { name: 'Sign out' }).click();
    await expect(sellerPage).toHaveURL(/\/dashboard\?seller=/);
    await expect(sellerPage.getByRole('button', { name: 'Email me a code' })).toBeVisible();
    await sellerPage.goto(`/dashboard/seller/${seller.id}`);
    await expect(sellerPage).toHaveURL(/\/dashboard\?seller=/);
    await Promise.all([sellerContext.close(), providerContext.close(), adminContext.close()]);
  });
});
