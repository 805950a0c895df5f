import { expect, test } from '@playwright/test';
import { registerSeller, siteLinks, unique } from './support/app';

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

// ADR 0062, 0065: a visitor's / and /payment are their whole first view, signed out, before any script; the app
// hydrates them once the page has loaded and the browser is idle (or at first use), without asking any session.
test.describe('a visitor’s complete page hydrates once loaded', () => {
  const hydrated = (page: import('@playwright/test').Page) =>
    page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));

  test('/ shows Sign in before any script, hydrates without being used, asks nothing, and answers its first click', async ({
    page,
    request,
  }) => {
    expect(await (await request.get('/')).text()).toMatch(/<nav aria-label="Main"[\s\S]*>Sign in</);
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/')) asked.push(sent.url());
    });
    await page.goto('/');

    await expect.poll(() => hydrated(page)).toBe(true);
    const menu = page.getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) {
      await menu.click();
      await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sign in' })).toBeVisible();
    } else {
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' })).toBeVisible();
    }
    expect(asked.filter((url) => /session|console\/me/.test(url))).toEqual([]);
  });

  test('/payment: the visitor is asked to sign in, and the form stays locked once hydrated', async ({ page }) => {
    await page.goto('/payment');
    await expect(page.getByText('Sign in to pay')).toBeVisible();

    await expect.poll(() => hydrated(page)).toBe(true);
    await expect(page.getByLabel('Order ID')).toBeDisabled();
    await expect(page.getByText('Sign in to pay')).toBeVisible();
  });
});

// ADR 0063, 0065: a visitor's list pages come with their first page rendered by the gateway, so they too are the
// whole first view before any script; once hydrated they ask nothing again for what they show.
test.describe('a visitor’s list comes rendered with its first page', () => {
  /**
   * Loads `path` until `shown` is there. The gateway's list cache learns of a change from this gateway's own write at
   * once, and from another process's through its event: in cluster mode a visitor may get the page as it was for a
   * moment (ADR 0044), as the API's reads do.
   */
  const showsOnceAnnounced = async (
    page: import('@playwright/test').Page,
    path: string,
    shown: import('@playwright/test').Locator,
    beforeEachLoad = () => {},
  ) => {
    await expect(async () => {
      beforeEachLoad();
      await page.goto(path);
      await expect(shown).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  };
  const hydrated = (page: import('@playwright/test').Page) =>
    page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));

  test('/sellers lists a seller registered a moment ago before any script, and the rest of the page once hydrated', async ({
    page,
    request,
  }) => {
    const seller = await registerSeller(request);
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/')) asked.push(sent.url());
    });
    const sellers = page.getByRole('region', { name: 'Sellers' });
    await showsOnceAnnounced(page, '/sellers', sellers.getByText(seller.businessName), () => (asked.length = 0));
    expect(await (await request.get('/sellers')).text()).toContain(seller.businessName);
    await expect(page.getByTestId('showcase-skeleton')).toHaveCount(0);

    await expect.poll(() => hydrated(page)).toBe(true);
    await expect(sellers.getByText(seller.businessName)).toBeVisible();
    // The view held the first sellers: once the end of the list comes within a screen of the viewport (at once on a tall
    // screen, after scrolling on a phone: ADR 0071), the app asks for the rest, from where they end, and nothing else.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => asked).toEqual([expect.stringMatching(/\/api\/sellers-showcase\?cursor=./)]);
  });

  test('/buyer-requests shows a request posted a moment ago, and its search works once hydrated', async ({ page, request }) => {
    const title = unique('Letterpress wedding suite');
    expect(
      (await request.post('/api/register-buyer', { data: { name: 'Vera Visitor', email: `${unique('vera')}@example.com` } })).status(),
    ).toBe(201);
    const posted = await request.post('/api/buyer-requests', {
      data: { title, description: 'Eighty letterpress invitations with envelopes.', category: 'marketing-materials' },
    });
    expect(posted.status()).toBe(201);
    await showsOnceAnnounced(page, '/buyer-requests', page.getByRole('heading', { name: title }));
    await expect(page.getByTestId('board-skeleton')).toHaveCount(0);

    await expect.poll(() => hydrated(page)).toBe(true);
    const search = page.getByLabel('Search requests');
    await search.fill(title);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await search.fill(unique('nothing-matches'));
    await expect(page.getByText('No Requests Found')).toBeVisible();
  });
});
