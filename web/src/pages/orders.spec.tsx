import { afterEach, describe, expect, it } from '@jest/globals';
import { PAYMENT_MESSAGES, type OrderView } from '@paymarket/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fetchRoutes, findToast, renderPage } from '@/components/payments/testing/fetch-routes';
import { orderView } from '@/components/payments/testing/order-view';
import { OrdersPage } from './orders';

const originalFetch = globalThis.fetch;

const order = (overrides: Partial<OrderView>): OrderView => orderView({ id: `id-${overrides.orderId ?? 'x'}`, ...overrides });

const NOT_ADMIN = apiError(401, 'Administrator sign-in required.');
const BUYER = { status: 200, body: { buyer: { id: 'b1', name: 'Ada', email: 'ada@example.com' } } };

function card(orderId: string): HTMLElement {
  return screen.getByRole('article', { name: `Order ${orderId}` });
}

describe(OrdersPage.name, () => {
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('shows five placeholders while loading', () => {
    globalThis.fetch = fetchRoutes({
      'GET /api/orders': () => new Promise(() => undefined),
      'GET /api/admin/session': NOT_ADMIN,
      'GET /api/auth/session': BUYER,
    }).fetch;
    renderPage(<OrdersPage />, '/orders');

    expect(screen.getByRole('heading', { name: 'Order History' })).toBeTruthy();
    expect(screen.getAllByTestId('order-placeholder')).toHaveLength(5);
  });

  it('shows the empty state', async () => {
    globalThis.fetch = fetchRoutes({
      'GET /api/orders': { status: 200, body: [] },
      'GET /api/admin/session': NOT_ADMIN,
      'GET /api/auth/session': BUYER,
    }).fetch;
    renderPage(<OrdersPage />, '/orders');

    expect(await screen.findByText('No Orders Found')).toBeTruthy();
    expect(screen.getByText("You haven't created any orders yet.")).toBeTruthy();
  });

  it('asks to sign in without a session', async () => {
    const api = fetchRoutes({
      'GET /api/auth/session': { status: 200, body: { buyer: null } },
      'GET /api/admin/session': { status: 200, body: { admin: null } },
    });
    globalThis.fetch = api.fetch;
    renderPage(<OrdersPage />, '/orders');

    expect(await screen.findByText('Sign in to see your orders')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    // Nothing is asked that would answer 401 (a clean console for a signed-out visitor).
    expect(api.callsTo('GET /api/orders')).toEqual([]);
  });

  it('shows each order with its details and the spec colour for its status', async () => {
    const orders = [
      order({ orderId: 'A-completed', status: 'completed' }),
      order({ orderId: 'B-processing', status: 'processing', stripePaymentIntentId: null }),
      order({ orderId: 'C-failed', status: 'failed' }),
      order({ orderId: 'D-pending', status: 'pending', createdAt: '' }),
      order({ orderId: 'E-partial', status: 'partially_refunded', refunded: '50.00' }),
      order({ orderId: 'F-missing', status: undefined as unknown as OrderView['status'] }),
      order({ orderId: 'G-seller', printProviderId: 'seller_s1', recipient: { party: 'seller', name: 'Harbour Prints' } }),
      order({ orderId: 'H-older', printProviderId: 'acct_old', recipient: { party: 'provider', name: null } }),
    ];
    globalThis.fetch = fetchRoutes({
      'GET /api/orders': { status: 200, body: orders },
      'GET /api/admin/session': NOT_ADMIN,
      'GET /api/auth/session': BUYER,
    }).fetch;
    renderPage(<OrdersPage />, '/orders');

    await screen.findByRole('article', { name: 'Order A-completed' });
    const badge = (orderId: string, label: string) => within(card(orderId)).getByText(label);
    expect(badge('A-completed', 'Completed').dataset.statusColour).toBe('green');
    expect(badge('A-completed', 'Completed').className).toContain('bg-green-100');
    expect(badge('B-processing', 'Processing').className).toContain('bg-blue-100');
    expect(badge('C-failed', 'Failed').className).toContain('bg-red-100');
    expect(badge('D-pending', 'Pending').className).toContain('bg-yellow-100');
    expect(badge('E-partial', 'Partially Refunded').className).toContain('bg-yellow-100');
    expect(badge('F-missing', 'Unknown').className).toContain('bg-gray-100');

    const first = card('A-completed');
    expect(within(first).getByText(/^Created on /).textContent).not.toContain('N/A');
    expect(within(first).getByText('$100.00')).toBeTruthy();
    expect(within(first).getByText('USD')).toBeTruthy();
    expect(within(first).getByText('Print Provider')).toBeTruthy();
    expect(within(first).getByText('Demo Print Co.')).toBeTruthy();
    expect(within(first).queryByText(/acct_/)).toBeNull();
    expect(within(first).getByText('$3.56')).toBeTruthy();
    expect(within(first).getByText('$103.56')).toBeTruthy();
    const seller = card('G-seller');
    expect(within(seller).getByText('Seller')).toBeTruthy();
    expect(within(seller).getByText('Harbour Prints')).toBeTruthy();
    expect(within(card('H-older')).getByText('ID: acct_old')).toBeTruthy();
    expect(within(first).getByText('pi_abc')).toBeTruthy();
    expect(within(card('B-processing')).queryByText('Payment Intent')).toBeNull();
    expect(within(card('D-pending')).getByText('Created on N/A')).toBeTruthy();
    expect(within(card('E-partial')).getByText('$50.00')).toBeTruthy();
    // A buyer sees no refund actions.
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('lets an administrator see all orders and refund part of a completed one', async () => {
    const completed = order({ orderId: 'ORD-9', status: 'completed' });
    const api = fetchRoutes({
      'GET /api/admin/session': { status: 200, body: { admin: { id: 'a1', email: 'admin@example.com' } } },
      'GET /api/admin/orders': { status: 200, body: [completed, order({ orderId: 'ORD-8', status: 'failed' })] },
      'GET /api/orders': apiError(401, 'Please sign in to continue.'),
      'POST /api/admin/orders/id-ORD-9/refunds': { status: 200, body: { ...completed, status: 'partially_refunded', refunded: '50.00' } },
    });
    globalThis.fetch = api.fetch;
    const user = userEvent.setup();
    renderPage(<OrdersPage />, '/orders');

    await screen.findByRole('list', { name: 'All orders' });
    expect(within(card('ORD-9')).getByText('ada@example.com')).toBeTruthy();
    expect(within(card('ORD-8')).queryByRole('button', { name: 'Refund' })).toBeNull();

    await user.click(within(card('ORD-9')).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Amount (optional)'), '50');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Half the cards were misprinted');
    await user.click(within(dialog).getByRole('button', { name: 'Issue Refund' }));

    expect(await findToast('Refund Issued')).toBeTruthy();
    const [refund] = api.callsTo('POST /api/admin/orders/id-ORD-9/refunds');
    expect(refund?.body).toEqual({ amount: '50', reason: 'Half the cards were misprinted' });
    expect(refund?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.callsTo('GET /api/admin/orders')).toHaveLength(2));
  });

  it('shows a dispute with its status and amount, and freezes refunds until it is won', async () => {
    const disputed = order({ orderId: 'ORD-D', dispute: { status: 'needs_response', amount: '103.56', reason: 'fraudulent' } });
    const won = order({ orderId: 'ORD-W', dispute: { status: 'won', amount: '103.56', reason: 'fraudulent' } });
    const api = fetchRoutes({
      'GET /api/admin/session': { status: 200, body: { admin: { id: 'a1', email: 'admin@example.com' } } },
      'GET /api/admin/orders': { status: 200, body: [disputed, won, order({ orderId: 'ORD-P', dispute: null })] },
      'GET /api/orders': apiError(401, 'Please sign in to continue.'),
    });
    globalThis.fetch = api.fetch;
    const user = userEvent.setup();
    renderPage(<OrdersPage />, '/orders');

    await screen.findByRole('list', { name: 'All orders' });
    expect(within(card('ORD-D')).getByText('Disputed: Needs Response · $103.56 USD')).toBeTruthy();
    const frozen = within(card('ORD-D')).getByRole('button', { name: 'Refund' });
    expect(frozen).toHaveProperty('disabled', true);
    expect(document.getElementById(frozen.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This order is disputed by the cardholder: refunds are frozen until the dispute is won.',
    );
    await user.click(frozen);
    expect(screen.queryByRole('dialog')).toBeNull();

    expect(within(card('ORD-W')).getByText('Disputed: Won · $103.56 USD')).toBeTruthy();
    expect(within(card('ORD-W')).getByRole('button', { name: 'Refund' })).toHaveProperty('disabled', false);
    expect(within(card('ORD-P')).queryByText(/Disputed/)).toBeNull();
    expect(within(card('ORD-P')).getByRole('button', { name: 'Refund' })).toHaveProperty('disabled', false);
  });

  it("shows the server's message when a refund is refused", async () => {
    const completed = order({ orderId: 'ORD-9', status: 'completed' });
    const api = fetchRoutes({
      'GET /api/admin/session': { status: 200, body: { admin: { id: 'a1', email: 'admin@example.com' } } },
      'GET /api/admin/orders': { status: 200, body: [completed] },
      'GET /api/orders': { status: 200, body: [] },
      'POST /api/admin/orders/id-ORD-9/refunds': apiError(422, 'The refund is larger than what is left to refund (103.56).'),
    });
    globalThis.fetch = api.fetch;
    const user = userEvent.setup();
    renderPage(<OrdersPage />, '/orders');

    await user.click(await within(await screen.findByRole('article', { name: 'Order ORD-9' })).findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    // The contract refuses a malformed amount before anything is sent, under the field.
    await user.type(within(dialog).getByLabelText('Amount (optional)'), '0.001');
    await user.click(within(dialog).getByRole('button', { name: 'Issue Refund' }));
    const amount = within(dialog).getByLabelText('Amount (optional)');
    expect(await within(dialog).findByText(PAYMENT_MESSAGES.INVALID_AMOUNT)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amount);
    expect(api.callsTo('POST /api/admin/orders/id-ORD-9/refunds')).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Issue Refund' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('The refund is larger than what is left to refund (103.56).');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
