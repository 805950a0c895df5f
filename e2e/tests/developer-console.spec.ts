import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { approvedCompany, consoleSignIn, mainViolations as axeViolations } from './support/app';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PROVIDER = 'acct_1PMDemoPrintCo00001';

interface Received {
  webhookId: string;
  signature: string;
  body: string;
}

test.describe('developer console', () => {
  let receiver: http.Server;
  let receiverUrl: string;
  const received: Received[] = [];

  test.beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          webhookId: String(req.headers['webhook-id']),
          signature: String(req.headers['webhook-signature']),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/paymarket`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  test('sign in, create a key, add an endpoint, pay an order, see the delivery, resend it, roll the secret', async ({ page, request }) => {
    const { email } = await approvedCompany(request, `Console Prints ${run}`, `console-${run}`);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    // Sign in with the code emailed to the company's contact.
    await page.goto('/developers');
    await expect(page.getByRole('heading', { name: 'Developer console' })).toBeVisible();
    await consoleSignIn(page, request, email);
    await expect(page.getByText(`Signed in as Console Prints ${run}`)).toBeVisible();

    // Create a key: its secret is shown once.
    await page.getByLabel('Name').fill('Checkout server');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secretKey = (await page.getByTestId('secret-once').textContent())!.trim();
    expect(secretKey).toMatch(/^sk_test_/);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await expect(page.getByTestId('secret-once')).toHaveCount(0);
    await expect(page.getByTestId('api-key-row').filter({ hasText: 'Checkout server' })).toBeVisible();
    // Shown once: the list has only its prefix.
    await expect(page.getByText(secretKey)).toHaveCount(0);
    await expect(page.getByTestId('api-key-row').filter({ hasText: 'Checkout server' })).toContainText(secretKey.slice(0, 12));
    expect(await axeViolations(page)).toEqual([]);

    // Add an endpoint on the local receiver.
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByLabel('URL').fill(receiverUrl);
    await page.getByLabel('order.updated').check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const endpointSecret = (await page.getByTestId('secret-once').textContent())!.trim();
    expect(endpointSecret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have saved it' }).click();

    // Pay an order with the new key, as the company's server does.
    const auth = { authorization: `Bearer ${secretKey}` };
    const order = await (
      await request.post('/api/v1/orders', {
        headers: auth,
        data: { orderId: `console_${run}`, amount: '12.00', currency: 'usd', recipient: PROVIDER },
      })
    ).json();
    const intent = await (await request.post(`/api/v1/orders/${order.id}/payment-intent`, { headers: auth })).json();
    const paid = await request.post(`/api/v1/payments/${intent.paymentIntentId}/test-card`, {
      headers: auth,
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    expect((await paid.json()).orderStatus).toBe('completed');
    await expect.poll(() => received.filter((r) => r.body.includes('"payment.succeeded"')).length, { timeout: 20_000 }).toBeGreaterThan(0);

    // The delivery is in the log, with its attempt and the receiver's answer.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByTestId('delivery-row').filter({ hasText: 'payment.succeeded' }).first()).toContainText('succeeded', {
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    const row = page.getByTestId('delivery-row').filter({ hasText: 'payment.succeeded' }).first();
    await expect(row).toContainText('succeeded');
    await row.getByRole('button', { name: 'Attempts' }).click();
    await expect(page.getByTestId('attempt').first()).toContainText('status 200');
    await expect(page.getByText('thanks').first()).toBeVisible();

    // Resend it: the receiver gets the same event (same webhook-id) again.
    const first = received.find((r) => r.body.includes('"payment.succeeded"'))!;
    await row.getByRole('button', { name: 'Resend' }).click();
    await expect.poll(() => received.filter((r) => r.webhookId === first.webhookId).length, { timeout: 20_000 }).toBe(2);
    expect(received.filter((r) => r.webhookId === first.webhookId)[1]!.body).toBe(first.body);

    // Roll the secret with the default 24 h overlap: later deliveries carry two signatures.
    await page.getByRole('button', { name: 'Roll secret' }).click();
    await expect(page.getByRole('dialog')).toContainText('Roll the signing secret');
    await expect(page.getByLabel(/Keep signing with the old secret for/)).toHaveValue('24');
    await page.getByRole('button', { name: 'Roll secret now' }).click();
    const rolled = (await page.getByTestId('secret-once').textContent())!.trim();
    expect(rolled).toMatch(/^whsec_/);
    expect(rolled).not.toBe(endpointSecret);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => received.filter((r) => r.body.includes('"webhook.test"')).length, { timeout: 20_000 }).toBe(1);
    expect(received.find((r) => r.body.includes('"webhook.test"'))!.signature.split(' ')).toHaveLength(2);
    expect(consoleErrors).toEqual([]);
  });

  test("a signed-out visit shows the sign-in form; the console's session check answers without an error status", async ({ page }) => {
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/console/') && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/developers');
    await expect(page.getByLabel('Contact email')).toBeVisible();
    expect(failed).toEqual([]);
  });
});
