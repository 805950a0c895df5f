import { expect, test } from '@playwright/test';
import { toastRegion, unique } from './support/app';

// ADR 0050: the server made the request, but its answer never reached the browser (a dropped connection). The buyer
// sees the failure, presses the button again, and the request is on the board once: the retry sends the same
// Idempotency-Key, so the server answers what it answered the first time instead of posting it again.
test('a post whose answer was lost, sent again, is on the board once', async ({ page }) => {
  const email = `${unique('retrier')}@example.com`;
  // Joining signs this browser in.
  expect((await page.request.post('/api/register-buyer', { data: { name: 'Remy Retry', email } })).status()).toBe(201);
  const title = unique('Foil business cards');

  const keys: string[] = [];
  let dropNextAnswer = true;
  await page.route('**/api/buyer-requests', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    if (!dropNextAnswer) return route.fallback();
    dropNextAnswer = false;
    await route.fetch(); // the server gets the request and commits it…
    await route.abort('connectionreset'); // …and the browser never sees the answer
  });

  await page.goto('/buyer-requests');
  await page.getByRole('button', { name: 'Post New Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post New Request' });
  await dialog.getByLabel('Request Title').fill(title);
  await dialog.getByLabel('Description').fill('500 foil-stamped business cards on 32 pt cotton stock.');
  await expect(dialog.getByLabel('Your Registered Email')).toHaveValue(email);

  await dialog.getByRole('button', { name: 'Post Request' }).click();
  await expect(toastRegion(page).getByText('Failed to Post Request')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Post Request' }).click();
  await expect(toastRegion(page).getByText('Request Posted Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  await page.getByLabel('Search requests').fill(title);
  await expect(page.getByRole('article', { name: title })).toHaveCount(1);
  const board = (await (await page.request.get(`/api/buyer-requests?q=${encodeURIComponent(title)}`)).json()) as {
    requests: Array<{ title: string }>;
  };
  expect(board.requests.filter((r) => r.title === title)).toHaveLength(1);
});
