import { expect, test } from '@playwright/test';
import { siteLinks } from './support/app';

test.describe('navigation', () => {
  test('the home page offers the five entry points and states the flat fee', async ({ page }) => {
    await page.goto('/');

    const actions = page.getByRole('navigation', { name: 'Get started' });
    for (const [label, path] of [
      ['Browse Sellers', '/sellers'],
      ['Buyer Requests', '/buyer-requests'],
      ['Direct Payment', '/direct-payment'],
      ['Become a Seller', '/seller-registration'],
      ['Join as Buyer', '/join'],
    ] as const) {
      await expect(actions.getByRole('link', { name: label })).toHaveAttribute('href', path);
    }
    await expect(page.getByText(/\$3\.56 transaction fee/)).toBeVisible();
  });

  test('the navigation bar highlights the current route', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /PayMarket/ })).toHaveAttribute('href', '/');
    await expect(nav.getByText('LIVE')).toBeVisible();

    await page.getByRole('navigation', { name: 'Get started' }).getByRole('link', { name: 'Join as Buyer' }).click();
    await expect(page).toHaveURL(/\/join$/);
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    // At a phone's width the links are in the menu; the highlighting is the same there.
    let links = await siteLinks(page);
    await expect(links.getByRole('link', { name: 'Join', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(links.getByRole('link', { name: 'Providers' })).not.toHaveAttribute('aria-current', 'page');

    await links.getByRole('link', { name: 'Providers' }).click();
    await expect(page).toHaveURL(/\/providers$/);
    await expect(page.getByRole('heading', { name: 'Print Providers' })).toBeVisible();
    links = await siteLinks(page);
    await expect(links.getByRole('link', { name: 'Providers' })).toHaveAttribute('aria-current', 'page');
    await expect(links.getByRole('link', { name: 'Join', exact: true })).not.toHaveAttribute('aria-current', 'page');
  });

  test('no page is wider than the screen (nothing cut off at a phone width)', async ({ page }) => {
    for (const path of ['/', '/buyer-requests', '/payment', '/direct-payment', '/orders', '/providers', '/sellers', '/join', '/admin']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    }
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');

    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText(/forget to add the page to the router/)).toBeVisible();
  });

  test('/sellers-showcase redirects to the sellers directory', async ({ page }) => {
    await page.goto('/sellers-showcase');

    await expect(page).toHaveURL(/\/sellers$/);
    await expect(page.getByRole('heading', { name: 'Browse Sellers' })).toBeVisible();
  });
});
