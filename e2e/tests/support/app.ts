import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

// Radix also copies toast text into a screen-reader announcer; the visible toast lives in the notifications region.
export function toastRegion(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/, includeHidden: true });
}

/** Below 1280 px the bar's links sit behind the Menu button: true when that is how this page shows them. */
export async function usesPhoneMenu(page: Page): Promise<boolean> {
  return page.getByRole('button', { name: 'Menu' }).isVisible();
}

/** Where the site's pages are linked: the bar itself, or the phone menu (opened if needed). */
export async function siteLinks(page: Page): Promise<Locator> {
  if (!(await usesPhoneMenu(page))) return page.getByRole('navigation', { name: 'Main' });
  const toggle = page.getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // The menu closes itself after a navigation; right after a click it may still be closing, so ask again.
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  return menu;
}

/** Opens the account's pages: the account menu on a desktop (by its label), or the phone menu. */
export async function accountItems(page: Page, label: string): Promise<Locator> {
  if (await usesPhoneMenu(page)) return siteLinks(page);
  const button = page.getByRole('button', { name: `Account: ${label}` });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  return page.getByRole('navigation', { name: 'Main' });
}

/** Follows a link of the bar (or phone menu) by its name. */
export async function navigate(page: Page, name: string): Promise<void> {
  await (await siteLinks(page)).getByRole('link', { name, exact: true }).click();
}

/**
 * Console errors and failed API calls of a page, collected from now on. A signed-out or signed-in visit should
 * have none: session checks answer without an error status, and pages ask only what the visitor may see.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

export const ADMIN_PASSWORD = 'e2e admin password 42';

/** `npm run admin:create`, as an operator would (attached to the running product's database). */
export function createAdmin(email: string): void {
  const created = spawnSync(
    process.execPath,
    [`${root}services/onboarding/dist/admins/admin-create.cli.js`, '--email', email, '--password', ADMIN_PASSWORD],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'warn', PAYMARKET_DATA_DIR: process.env.PAYMARKET_E2E_DATA_DIR ?? '/tmp/paymarket-e2e-data' },
      timeout: 60_000,
    },
  );
  expect(created.stdout).toContain(`Administrator ${email} created`);
}
