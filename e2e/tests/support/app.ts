import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminPasswordStep, finishAdminSignIn } from './admin';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Serious and critical axe violations (WCAG 2.x A and AA, plus axe's best practices) on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${page.url()} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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

interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
}

async function mailTo(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  return ((await (await request.get('/api/dev/mailbox?limit=200')).json()) as MailboxMessage[]).filter((m) => m.to === to);
}

/**
 * The newest 6-digit code emailed to this address whose subject matches, read from the development mailbox API;
 * `seen`: ids of messages there before the code was asked for (an older code to the same address, e.g. a demo
 * profile's from an earlier run, must not be taken for the one on its way).
 */
export async function emailedCode(
  request: APIRequestContext,
  to: string,
  subject: RegExp = /sign-in code: (\d{6})/,
  seen: ReadonlySet<string> = new Set(),
): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    code = (await mailTo(request, to))
      .filter((m) => !seen.has(m.id))
      .map((m) => subject.exec(m.subject)?.[1])
      .find(Boolean);
    expect(code).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return code!;
}

/** Logs an administrator in at /admin (created with createAdmin): the password, then the second factor (ADR 0072). */
export async function adminLogIn(page: Page, email: string): Promise<void> {
  await page.goto('/admin');
  await adminPasswordStep(page, email, ADMIN_PASSWORD);
  await finishAdminSignIn(page, email);
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A new buyer (joining signs `page`'s browser in) with one open request; answers the request's id. */
export async function buyerWithRequest(page: Page): Promise<string> {
  const email = `${unique('quoter')}@example.com`;
  expect((await page.request.post('/api/register-buyer', { data: { name: 'Quinn Buyer', email } })).status()).toBe(201);
  return postRequest(page);
}

/** Another request of the buyer signed in on `page`. */
export async function postRequest(page: Page): Promise<string> {
  const posted = await page.request.post('/api/buyer-requests', {
    data: {
      title: unique('Risograph posters'),
      description: '200 two-colour risograph posters, A3, on recycled paper.',
      category: 'marketing-materials',
    },
  });
  expect(posted.status()).toBe(201);
  return ((await posted.json()) as { request: { id: string } }).request.id;
}

export interface RegisteredSeller {
  id: string;
  email: string;
  businessName: string;
  authToken: string;
}

/** Registers a seller with a payout account over the API (its own cookie jar), as the registration page would. */
export async function registerSeller(request: APIRequestContext, stripeAccountId = 'acct_1PMDemoMapleInk0002'): Promise<RegisteredSeller> {
  const email = `${unique('maple')}@example.com`;
  const businessName = unique('Maple Ink');
  const registered = await request.post('/api/register-seller', {
    data: {
      businessName,
      sellerName: 'Lou Tremblay',
      email,
      phone: '4165550100',
      category: 'printing',
      description: 'Letterpress and risograph studio: wedding suites, business cards and small art editions.',
      products: 'Letterpress cards, riso prints',
      pricing: 'From $40 per 100 cards',
      location: 'Montreal, QC',
      stripeAccountId,
    },
  });
  expect(registered.status()).toBe(201);
  const { authToken, seller } = (await registered.json()) as { authToken: string; seller: { id: string } };
  return { id: seller.id, email, businessName, authToken };
}

/** The seller quotes on a request over the API (edit token), optionally with a print provider's share; the quote's id. */
export async function sendQuote(
  request: APIRequestContext,
  seller: RegisteredSeller,
  requestId: string,
  quote: { amount: string; providerAmount?: string; printProviderStripeAccountId?: string },
): Promise<string> {
  const sent = await request.post(`/api/buyer-requests/${requestId}/quotes`, {
    headers: { authorization: `Bearer ${seller.authToken}`, 'x-seller-id': seller.id },
    data: { currency: 'usd', included: '200 posters, two colours', deliveryDate: tomorrow(), ...quote },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { quote: { id: string } }).quote.id;
}

/** The buyer accepts the seller's quote on the quotes page and pays it with a test card; waits for fulfilment. */
export async function acceptAndPay(
  page: Page,
  requestId: string,
  seller: RegisteredSeller,
  cardNumber: string,
  total: string,
): Promise<void> {
  await page.goto(`/buyer-requests/${requestId}/quotes`);
  await page
    .getByRole('article', { name: new RegExp(`^Quote from ${seller.businessName}`) })
    .getByRole('button', { name: 'Accept' })
    .click();
  const card = page.getByRole('form', { name: 'Card details' });
  await card.getByLabel('Card Number').fill(cardNumber);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByText('This request is fulfilled: a quote on it was paid.')).toBeVisible({ timeout: 20_000 });
}

/** Signs a seller or print provider in at /dashboard with the code emailed to it. */
export async function dashboardSignIn(page: Page, email: string): Promise<void> {
  await page.goto('/dashboard');
  await page.getByLabel('Email Address').fill(email);
  const seen = new Set((await mailTo(page.request, email)).map((m) => m.id));
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const code = await emailedCode(page.request, email, /dashboard sign-in code: (\d{6})/, seen);
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A company approved at once (a low-risk application on its own domain `<slug>.com`), as an integrator gets API access;
 * answers its contact email and the secret key shown once.
 */
export async function approvedCompany(
  request: APIRequestContext,
  name: string,
  slug: string,
): Promise<{ email: string; secretKey: string }> {
  const email = `ops@${slug}.com`;
  const response = await request.post('/api/request-api-access', {
    data: {
      name,
      website: `https://${slug}.com`,
      email,
      businessType: 'saas',
      contactName: 'Ada Lovelace',
      contactPhone: '+1 416 555 0134',
      taxId: 'CA-123456789',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const granted = (await response.json()) as { status: string; credentials?: { secretKey: string } };
  expect(granted.status).toBe('approved');
  return { email, secretKey: granted.credentials!.secretKey };
}

/** The developer console code emailed to a company's contact, read from the development mailbox. */
export async function consoleCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const mails = (await (await request.get('/api/dev/mailbox?limit=100')).json()) as Array<{ to: string; subject: string; text: string }>;
    const mail = mails.find((m) => m.to === email && m.subject.includes('developer console code'));
    expect(mail).toBeDefined();
    code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
  }).toPass({ timeout: 15_000 });
  return code;
}

/** Signs in to the developer console on the page already open at /developers (any tab) with the emailed code. */
export async function consoleSignIn(page: Page, request: APIRequestContext, email: string): Promise<void> {
  await page.getByLabel('Contact email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByRole('textbox', { name: 'Code' }).fill(await consoleCode(request, email));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Accessibility rule violations (axe) inside the page's main section. */
export async function mainViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
