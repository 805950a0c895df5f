import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const MISSING_TEXT = 'Please fill in title, description, and your registered email.';

function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

// Radix also copies toast text into a screen-reader announcer; the visible toast lives in the notifications region.
// While a modal dialog is open Radix hides everything else from the accessibility tree, the toasts included.
function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/, includeHidden: true });
}

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

async function mailbox(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const response = await request.get('/api/dev/mailbox?limit=200');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as MailboxMessage[]).filter((m) => m.to === to);
}

async function signInCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    code = (await mailbox(request, email)).map((m) => /sign-in code: (\d{6})/.exec(m.subject)?.[1]).find(Boolean);
    expect(code).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return code!;
}

test.describe('buyer requests board', () => {
  test('a buyer posts, edits, finds and deletes a request; a seller contacts the buyer, who gets one email', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = `${unique('buyer')}@example.com`;
    const title = unique('Letterpress invitations');
    const edited = `${title} v2`;
    // Registered from elsewhere (its own cookie jar: joining signs in), so this browser proves the email by code.
    const registered = await request.post('/api/register-buyer', { data: { name: 'Rita Requester', email } });
    expect(registered.status()).toBe(201);

    await page.goto('/buyer-requests');
    await expect(page.getByRole('heading', { name: 'Buyer Requests' })).toBeVisible();
    await expect(page.getByText('Only registered buyers can post requests.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    // Each missing required field gives the spec's message.
    await page.getByRole('button', { name: 'Post New Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post New Request' });
    const submit = dialog.getByRole('button', { name: 'Post Request' });
    await submit.click();
    await expect(toastRegion(page).getByText('Missing Required Fields')).toBeVisible();
    await expect(toastRegion(page).getByText(MISSING_TEXT)).toBeVisible();
    await dialog.getByLabel('Request Title').fill(title);
    await submit.click();
    await expect(dialog.getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');
    await expect(toastRegion(page).getByText(MISSING_TEXT)).toBeVisible();
    await dialog.getByLabel('Description').fill('120 letterpress wedding invitations on cotton paper, two colours.');
    await submit.click();
    await expect(dialog.getByLabel('Your Registered Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(toastRegion(page).getByText(MISSING_TEXT)).toBeVisible();

    await dialog.getByLabel('Category').selectOption('marketing-materials');
    await dialog.getByLabel('Budget').fill('$250 - $400');
    await dialog.getByLabel('Timeline').fill('3 weeks');
    await dialog.getByLabel('Location').fill('Toronto, ON');
    await dialog.getByLabel('Your Registered Email').fill(email);
    await submit.click();

    // Only registered buyers post: the email is proved by the sign-in code from the mailbox.
    await dialog.getByLabel('Sign-in Code').fill(await signInCode(page.request, email));
    await dialog.getByRole('button', { name: 'Verify and Post Request' }).click();
    await expect(toastRegion(page).getByText('Request Posted Successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText('by Rita Requester');
    await expect(card).toContainText('$250 - $400');
    await expect(page.getByText(`Managing posts as ${email}`)).toBeVisible();

    // Edit: title and description are required.
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Request' });
    await expect(editDialog.getByLabel('Your Registered Email')).toHaveCount(0);
    await editDialog.getByLabel('Request Title').fill('');
    await editDialog.getByRole('button', { name: 'Update Request' }).click();
    await expect(toastRegion(page).getByText('Title and description are required.')).toBeVisible();
    await editDialog.getByLabel('Request Title').fill(edited);
    await editDialog.getByRole('button', { name: 'Update Request' }).click();
    await expect(toastRegion(page).getByText('Request Updated')).toBeVisible();
    const editedCard = page.getByRole('article', { name: edited });
    await expect(editedCard).toBeVisible();

    // Filters: text, category, budget bucket — each answered by the server.
    const search = page.getByLabel('Search requests');
    await search.fill(edited.toUpperCase());
    await expect(editedCard).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await page.getByLabel('Filter by category').selectOption('packaging');
    await expect(page.getByText('No Requests Found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search filters')).toBeVisible();
    await page.getByLabel('Filter by category').selectOption('marketing-materials');
    await expect(editedCard).toBeVisible();
    await page.getByLabel('Filter by budget').selectOption('under-100');
    await expect(page.getByText('No Requests Found')).toBeVisible();
    await page.getByLabel('Filter by budget').selectOption('100-500');
    await expect(editedCard).toBeVisible();

    // A buyer does not contact themselves: their own card has no Contact Buyer.
    await expect(editedCard.getByRole('button', { name: 'Contact Buyer' })).toHaveCount(0);
    await expect(editedCard.getByText('Your request')).toBeVisible();

    // A seller, in another browser, registers (the edit token is stored) and contacts the buyer.
    const sellerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    // Without a seller profile in this browser, Contact Buyer explains how to become a seller.
    await seller.goto('/buyer-requests');
    // A visitor's board runs no app code until first used (ADR 0063): the pointer coming over the search box starts
    // the app, which enables it (Playwright fills only an enabled field, and moves no pointer before).
    await seller.getByLabel('Search requests').hover();
    await seller.getByLabel('Search requests').fill(edited);
    await seller.getByRole('article', { name: edited }).getByRole('button', { name: 'Contact Buyer' }).click();
    const notSeller = seller.getByRole('dialog', { name: 'Contact Buyer' });
    await expect(notSeller.getByText(/Only registered sellers can contact buyers/)).toBeVisible();
    await expect(notSeller.getByRole('link', { name: 'Become a Seller' })).toHaveAttribute('href', '/seller-registration');
    await notSeller.getByRole('button', { name: 'Cancel' }).click();
    const businessName = unique('Maple Press');
    await seller.goto('/seller-registration');
    await seller.getByLabel('Business Name').fill(businessName);
    await seller.getByLabel('Your Name').fill('Sam Seller');
    await seller.locator('#seller-email').fill(`${unique('seller')}@example.com`);
    await seller.getByLabel('Phone').fill('4165550123');
    await seller.getByLabel('Category').selectOption('printing');
    await seller.getByLabel('Location').fill('Toronto, ON');
    await seller.getByLabel('Business Description').fill('Letterpress and offset printing studio with twenty years of wedding work.');
    await seller.getByLabel('Products & Services').fill('Invitations, cards, stationery');
    await seller.getByLabel('Pricing').fill('From $2 per invitation');
    await seller.getByRole('button', { name: 'Register as Seller' }).click();
    await expect(toastRegion(seller).getByText('Registration Successful!')).toBeVisible();
    await expect.poll(() => seller.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('seller_auth_')).length)).toBe(1);

    await seller.goto('/buyer-requests');
    await seller.getByLabel('Search requests').fill(edited);
    const sellerCard = seller.getByRole('article', { name: edited });
    await expect(sellerCard.getByRole('button', { name: `Edit ${edited}` })).toHaveCount(0);

    // Cancel sends nothing.
    await sellerCard.getByRole('button', { name: 'Contact Buyer' }).click();
    await seller.getByRole('dialog', { name: 'Contact Buyer' }).getByRole('button', { name: 'Cancel' }).click();
    await sellerCard.getByRole('button', { name: 'Contact Buyer' }).click();
    const contact = seller.getByRole('dialog', { name: 'Contact Buyer' });
    await contact.getByLabel('Introduce yourself (optional)').fill('We print letterpress invitations every week.');
    await contact.getByRole('button', { name: 'Send Interest' }).click();
    await expect(toastRegion(seller).getByText('Interest Recorded')).toBeVisible();

    // Once per request: a second attempt is refused with a clear message.
    await sellerCard.getByRole('button', { name: 'Contact Buyer' }).click();
    await seller.getByRole('dialog', { name: 'Contact Buyer' }).getByRole('button', { name: 'Send Interest' }).click();
    await expect(toastRegion(seller).getByText('Failed to Send Interest')).toBeVisible();
    await expect(toastRegion(seller).getByText('You have already contacted this buyer about this request.')).toBeVisible();
    await sellerContext.close();

    // The buyer's email arrives once, with the seller's business name, contact details and message.
    let interest: MailboxMessage[] = [];
    await expect(async () => {
      interest = (await mailbox(page.request, email)).filter((m) => m.subject.includes(edited));
      expect(interest.length).toBeGreaterThan(0);
    }).toPass({ timeout: 15_000 });
    await page.waitForTimeout(1_000);
    interest = (await mailbox(page.request, email)).filter((m) => m.subject.includes(edited));
    expect(interest).toHaveLength(1);
    expect(interest[0]!.text).toContain(businessName);
    expect(interest[0]!.text).toContain('4165550123');
    expect(interest[0]!.text).toContain('We print letterpress invitations every week.');

    // Delete after the exact confirmation.
    await editedCard.getByRole('button', { name: `Delete ${edited}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Request' });
    await expect(confirm.getByText(`Are you sure you want to delete "${edited}"? This action cannot be undone.`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toastRegion(page).getByText('Request Deleted')).toBeVisible();
    await expect(page.getByRole('article', { name: edited })).toHaveCount(0);
    await expect(page.getByText('No Requests Found')).toBeVisible();
  });
});
