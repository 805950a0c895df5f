import { expect, test } from '@playwright/test';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// Issue 15: emailed links point where the app is served (not a fixed localhost:3000), and the mailbox shows them as links.
test('an emailed link uses the address the app is served on, and the development mailbox makes it a link', async ({ page, request }) => {
  const email = `links.${run}@example.com`;
  expect((await request.post('/api/register-buyer', { data: { name: 'Link Tester', email } })).status()).toBe(201);
  expect((await request.post('/api/account-deletion-requests', { data: { email, confirmation: 'DELETE' } })).status()).toBe(202);

  await page.goto('/dev/mailbox');
  const origin = new URL(page.url()).origin.replace('127.0.0.1', 'localhost');
  // Newest first; the welcome email may arrive before the confirmation link: wait for the one with the link.
  const message = page
    .getByRole('article', { name: new RegExp(`Email to ${email.replace('.', '\\.')}`) })
    .filter({ hasText: '/delete-account/confirm?token=' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(message).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const link = message.getByRole('link', { name: /\/delete-account\/confirm\?token=/ });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  expect(new URL(href).port).toBe(new URL(origin).port);
});
