import { expect, test } from '@playwright/test';
import {
  accountItems,
  ADMIN_PASSWORD,
  createAdmin,
  navigate,
  siteLinks,
  toastRegion,
  unique,
  usesPhoneMenu,
  watchProblems,
} from './support/app';
import { finishAdminSignIn } from './support/admin';

// Issue 15's "Done when", at a phone's width and at a desktop's (the `phone` and `chromium` projects): a new buyer
// finds every page from the bar, joins and is signed in, posts a request, pays a provider chosen by name, sees the
// order by name with the fee, signs out; an administrator signs in and the bar shows it. No console errors throughout.
test('join → signed in → post a request → pay a provider by name → the order by name with the fee → sign out; an admin in the bar', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = watchProblems(page);
  const name = `Walker ${Math.random().toString(36).slice(2, 6)}`;
  const email = `${unique('walker')}@example.com`;
  const title = unique('Walk banners');

  await page.goto('/');
  // Every page of the bar is reachable, nothing is cut off: Sellers, Buyer Requests and Direct Payment included.
  const links = await siteLinks(page);
  for (const link of ['Providers', 'Sellers', 'Buyer Requests', 'Direct Payment', 'Integrate Market', 'API Access', 'Payment', 'Join']) {
    await expect(links.getByRole('link', { name: link, exact: true })).toBeInViewport();
  }
  await expect(links.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // Join → signed in.
  await navigate(page, 'Join');
  await expect(page).toHaveURL(/\/join$/);
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Join PayMarket' }).click();
  await expect(toastRegion(page).getByText('Registration Successful!')).toBeVisible();
  await expect(page.getByText(`Signed in as ${name} (${email})`)).toBeVisible();
  const account = await accountItems(page, name);
  await expect(account.getByRole('region', { name: 'Buyer account' })).toContainText(email);
  await expect(account.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'My requests' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Join', exact: true })).toHaveCount(0);
  await expect(account.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Post a request: the signed-in buyer's email is already there, no code to ask for.
  await navigate(page, 'Buyer Requests');
  await expect(page.getByRole('heading', { name: 'Buyer Requests' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join as a buyer' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Post New Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post New Request' });
  await dialog.getByLabel('Request Title').fill(title);
  await dialog.getByLabel('Description').fill('Two vinyl banners for a spring fair, 2 m by 1 m, full colour.');
  await dialog.getByLabel('Category').selectOption('signs-banners');
  await expect(dialog.getByLabel('Your Registered Email')).toHaveValue(email);
  await dialog.getByRole('button', { name: 'Post Request' }).click();
  await expect(toastRegion(page).getByText('Request Posted Successfully')).toBeVisible();
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText(`by ${name}`);
  await expect(card.getByRole('button', { name: 'Contact Buyer' })).toHaveCount(0);

  // "My requests" from the account menu shows it.
  await (await accountItems(page, name)).getByRole('link', { name: 'My requests' }).click();
  await expect(page).toHaveURL(/\/buyer-requests\?mine=1$/);
  await expect(page.getByRole('button', { name: 'My requests', pressed: true })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  // Pay a provider chosen by name.
  const orderId = unique('WALK');
  await navigate(page, 'Payment');
  await expect(page.getByText(`Paying as ${name}`)).toBeVisible();
  await page.getByLabel('Order ID').fill(orderId);
  await page.getByLabel('Amount').fill('40.00');
  await page.getByLabel('Print Provider').selectOption({ label: 'Demo Print Co. Stripe Connected' });
  await page.getByRole('button', { name: 'Create Payment' }).click();
  await expect(page.getByLabel('Payment breakdown')).toContainText('Total$43.56 USD');
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $43.56 USD' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The order, by name, with the fee in its total.
  await (await accountItems(page, name)).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const order = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(order).toContainText('Print ProviderDemo Print Co.');
  await expect(order).toContainText('Amount$40.00');
  await expect(order).toContainText('Transaction Fee$3.56');
  await expect(order).toContainText('Total$43.56');
  await expect(order).not.toContainText('acct_');

  // Sign out: Join and Sign in are back.
  await (await accountItems(page, name)).getByRole('button', { name: 'Sign out' }).click();
  await expect(toastRegion(page).getByText('You are signed out of PayMarket.')).toBeVisible();
  await expect((await siteLinks(page)).getByRole('link', { name: 'Join', exact: true })).toBeVisible();
  await expect((await siteLinks(page)).getByRole('link', { name: 'Sign in' })).toBeVisible();

  // An administrator signs in, and the bar shows it (no "Sign in" any more).
  const adminEmail = `${unique('walk-admin')}@example.com`;
  createAdmin(adminEmail);
  await page.goto('/admin');
  await page.getByLabel('Email Address').fill(adminEmail);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The first sign-in sets up the second factor (ADR 0072).
  await finishAdminSignIn(page, adminEmail);
  if (!(await usesPhoneMenu(page))) await expect(page.getByRole('button', { name: 'Account: Admin' })).toBeVisible();
  const adminItems = await accountItems(page, 'Admin');
  await expect(adminItems.getByText(adminEmail)).toBeVisible();
  await expect(adminItems.getByRole('link', { name: 'Admin dashboard' })).toHaveAttribute('href', '/admin');
  await expect(adminItems.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
  await adminItems.getByRole('button', { name: 'Log out of admin' }).click();
  await expect(page.getByText('Administrator Login')).toBeVisible();

  expect(problems).toEqual([]);
});
