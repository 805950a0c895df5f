import { expect, test } from '@playwright/test';
import { acceptAndPay, buyerWithRequest, postRequest, registerSeller, sendQuote, seriousViolations } from './support/app';

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

// Issue 14 (ADR 0045): a buyer request → a seller's quote → the buyer accepts and pays it with a test card → the
// request is fulfilled → the seller's dashboard shows the order and exports the statement.
test.describe('quotes on buyer requests', () => {
  test('request → quote → accept → pay → seller dashboard; a disputed payment shows there too', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // The buyer: joining signs this browser in; the request is posted over the API the board uses.
    const requestId = await buyerWithRequest(page);

    // The seller, in its own browser: registered with a payout account; its edit token is in localStorage.
    const sellerContext = await browser.newContext();
    const seller = await registerSeller(sellerContext.request);
    await sellerContext.addInitScript(
      ([key, token]) => window.localStorage.setItem(key!, token!),
      [`seller_auth_${seller.id}`, seller.authToken],
    );
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto(`/buyer-requests/${requestId}/quotes`);
    const form = sellerPage.getByRole('form', { name: 'Send a quote' });
    expect(await seriousViolations(sellerPage)).toEqual([]);
    await form.getByRole('button', { name: 'Send Quote' }).click();
    await expect(form.getByText('Please enter a valid amount')).toBeVisible();
    await form.getByLabel('Price').fill('120.00');
    await form.getByLabel('What is included').fill('200 posters, two colours, delivered to Toronto');
    await form.getByLabel('Delivery date').fill(tomorrow);
    await form.getByRole('button', { name: 'Send Quote' }).click();
    await expect(sellerPage.getByRole('status').filter({ hasText: 'Your quote of $120.00 USD was sent' })).toBeVisible();

    // The buyer accepts and pays with 4242 4242 4242 4242.
    await page.goto(`/buyer-requests/${requestId}/quotes`);
    const quote = page.getByRole('article', { name: new RegExp(`^Quote from ${seller.businessName}`) });
    await expect(quote.getByText('$120.00 USD', { exact: false })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await quote.getByRole('button', { name: 'Accept' }).click();
    const card = page.getByRole('form', { name: 'Card details' });
    await card.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Pay $123.56 USD' }).click();
    await expect(page.getByText('This request is fulfilled: a quote on it was paid.')).toBeVisible({ timeout: 20_000 });
    await expect(quote.getByText('paid')).toBeVisible();

    // The seller's dashboard: the order, its totals and the CSV export.
    await sellerPage.goto(`/dashboard/seller/${seller.id}`);
    await expect(sellerPage.getByRole('heading', { name: 'Seller dashboard' })).toBeVisible();
    await expect(sellerPage.getByText('Your payout account is connected')).toBeVisible();
    await expect(sellerPage.getByRole('cell', { name: /^quote_/ })).toBeVisible();
    await expect(sellerPage.getByRole('img', { name: 'Net earnings per month' })).toBeVisible();
    expect(await seriousViolations(sellerPage)).toEqual([]);
    const download = sellerPage.waitForEvent('download');
    await sellerPage.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`paymarket-statement-${seller.id}.csv`);

    // A second quote paid with Stripe's dispute test card: the dashboard shows the dispute and the held amount.
    const secondId = await postRequest(page);
    await sendQuote(sellerContext.request, seller, secondId, { amount: '80.00' });
    await acceptAndPay(page, secondId, seller, '4000 0000 0000 0259', '$83.56 USD');
    await expect(async () => {
      await sellerPage.goto(`/dashboard/seller/${seller.id}`);
      await expect(sellerPage.getByRole('cell', { name: 'needs response ($80.00 USD)' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await sellerContext.close();
  });
});
