import { expect, test } from '@playwright/test';

// Issue 15: a signed-out visit checks the session without an error status, so the browser console stays clean.
test('signed-out pages log no failed request or console error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  for (const path of ['/', '/sellers', '/developers']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});
