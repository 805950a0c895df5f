import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { MARKETPLACE_MESSAGES } from '@paymarket/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeResponse } from '../../test/fake-response';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/queryClient';
import { IntegratePage } from './integrate';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;

function renderPage(): void {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/integrate']}>
        <IntegratePage />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function openSetup(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.click(screen.getByRole('tab', { name: 'Setup' }));
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.type(screen.getByLabelText(/Company Name/), 'Acme Prints');
  await user.type(screen.getByLabelText(/Marketplace Domain/), 'shop.acme.com');
  await user.type(screen.getByLabelText(/Contact Email/), 'hello@acme.com');
  await user.type(screen.getByLabelText(/Admin Email/), 'admin@acme.com');
}

const submit = () => screen.getByRole('button', { name: 'Set Up Marketplace' });

describe(IntegratePage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it('has four tabs, starts on the overview and shows one panel at a time', async () => {
    const user = userEvent.setup();
    renderPage();

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Overview', 'Setup', 'Integration', 'Pricing']);
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Pricing' }));
    const pricing = screen.getByRole('tabpanel');
    expect(within(pricing).getByText('$3.56')).toBeTruthy();
    expect(within(pricing).getByText('per transaction')).toBeTruthy();
    expect(within(pricing).getAllByRole('heading', { level: 2 })).toHaveLength(1);
  });

  it('lists the six webhook events on the integration tab', async () => {
    const user = userEvent.setup();
    renderPage();

    await user.click(screen.getByRole('tab', { name: 'Integration' }));

    const events = within(screen.getByRole('list', { name: 'Webhook events' })).getAllByRole('listitem');
    expect(events.map((e) => e.querySelector('code')?.textContent)).toEqual([
      'payment.succeeded',
      'payment.failed',
      'payment.pending',
      'payment.refunded',
      'provider.connected',
      'order.updated',
    ]);
  });

  it('moves from the overview to the setup form', async () => {
    const user = userEvent.setup();
    renderPage();

    await user.click(screen.getByRole('button', { name: 'Set Up Your Marketplace' }));

    expect(screen.getByRole('tab', { name: 'Setup' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('form', { name: 'Marketplace registration' })).toBeTruthy();
  });

  it('shows the DTO messages under the required fields and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await openSetup(user);

    await user.click(submit());

    expect(await screen.findByText(MARKETPLACE_MESSAGES.COMPANY_NAME_REQUIRED)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Company Name/));
    expect(screen.getByText(MARKETPLACE_MESSAGES.DOMAIN_REQUIRED)).toBeTruthy();
    expect(screen.getByText(MARKETPLACE_MESSAGES.CONTACT_EMAIL_INVALID)).toBeTruthy();
    expect(screen.getByText(MARKETPLACE_MESSAGES.ADMIN_EMAIL_INVALID)).toBeTruthy();
    expect(screen.getByLabelText(/Admin Email/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the fee fields, with the 3.56 and 5 defaults, only while custom fees is on, and validates them', async () => {
    const user = userEvent.setup();
    renderPage();
    await openSetup(user);

    expect(screen.queryByLabelText(/Transaction Fee/)).toBeNull();
    expect(screen.queryByLabelText(/Platform Fee/)).toBeNull();
    expect((screen.getByLabelText(/Custom branding/) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByLabelText(/Custom fees/));
    const fee = screen.getByLabelText(/Transaction Fee/) as HTMLInputElement;
    expect(fee.value).toBe('3.56');
    expect((screen.getByLabelText(/Platform Fee/) as HTMLInputElement).value).toBe('5');

    await fillRequired(user);
    await user.clear(fee);
    await user.type(fee, '1.234');
    await user.clear(screen.getByLabelText(/Platform Fee/));
    await user.type(screen.getByLabelText(/Platform Fee/), '150');
    await user.click(submit());

    expect(await screen.findByText(MARKETPLACE_MESSAGES.TRANSACTION_FEE_INVALID)).toBeTruthy();
    expect(screen.getByText(MARKETPLACE_MESSAGES.PLATFORM_FEE_INVALID)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText(/Custom fees/));
    expect(screen.queryByLabelText(/Transaction Fee/)).toBeNull();
  });

  it('registers the marketplace, toasts the message naming the company and clears the form', async () => {
    const body = {
      success: true,
      message: 'Acme Prints is set up on PayMarket! We emailed the next steps to hello@acme.com.',
      marketplace: {},
      nextSteps: [],
    };
    fetchMock.mockResolvedValue(fakeResponse(201, JSON.stringify(body)));
    const user = userEvent.setup();
    renderPage();
    await openSetup(user);

    await fillRequired(user);
    await user.click(screen.getByLabelText(/Custom fees/));
    await user.click(submit());

    expect(await screen.findByText('Marketplace Setup Complete!')).toBeTruthy();
    expect(screen.getByText(body.message)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/setup-marketplace');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      companyName: 'Acme Prints',
      marketplaceDomain: 'shop.acme.com',
      contactEmail: 'hello@acme.com',
      adminEmail: 'admin@acme.com',
      customBranding: true,
      whiteLabel: false,
      apiAccess: false,
      customFees: true,
      transactionFee: '3.56',
      platformFee: '5',
    });
    expect((screen.getByLabelText(/Company Name/) as HTMLInputElement).value).toBe('');
  });

  it('leaves the fee fields out of the request while custom fees is off', async () => {
    fetchMock.mockResolvedValue(fakeResponse(201, JSON.stringify({ success: true, message: 'Acme Prints is set up' })));
    const user = userEvent.setup();
    renderPage();
    await openSetup(user);

    await fillRequired(user);
    await user.click(submit());

    await screen.findByText('Marketplace Setup Complete!');
    const sent = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(sent).not.toHaveProperty('transactionFee');
    expect(sent).not.toHaveProperty('platformFee');
    expect(sent.customFees).toBe(false);
  });

  it('shows "Setup Failed" with the server message, keeping what was typed', async () => {
    const message = 'A marketplace is already registered for shop.acme.com.';
    fetchMock.mockResolvedValue(fakeResponse(409, JSON.stringify({ statusCode: 409, error: 'Conflict', message }), 'Conflict'));
    const user = userEvent.setup();
    renderPage();
    await openSetup(user);

    await fillRequired(user);
    await user.click(submit());

    expect(await screen.findByText('Setup Failed')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect((screen.getByLabelText(/Company Name/) as HTMLInputElement).value).toBe('Acme Prints');
  });

  it('falls back to "Unable to complete marketplace setup" when the answer has no message', async () => {
    fetchMock.mockResolvedValue(fakeResponse(502, '<html>Bad Gateway</html>', 'Bad Gateway'));
    const user = userEvent.setup();
    renderPage();
    await openSetup(user);

    await fillRequired(user);
    await user.click(submit());

    expect(await screen.findByText('Setup Failed')).toBeTruthy();
    expect(screen.getByText('Unable to complete marketplace setup')).toBeTruthy();
  });
});
