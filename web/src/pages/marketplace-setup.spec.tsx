import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '@/components/ui/toaster';
import { COPY_RESET_MS, MarketplaceSetupPage } from './marketplace-setup';

function renderPage(): void {
  render(
    <MemoryRouter initialEntries={['/marketplace-setup']}>
      <MarketplaceSetupPage />
      <Toaster />
    </MemoryRouter>,
  );
}

const snippet = (kind: string) => screen.getByTestId(`snippet-${kind}`).textContent ?? '';

describe(MarketplaceSetupPage.name, () => {
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('has tabs for the embed widget, REST API, webhooks and full SDK whose code uses the typed domain', async () => {
    const user = userEvent.setup();
    renderPage();

    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Embed Widget', 'REST API', 'Webhooks', 'Full SDK']);
    expect(snippet('widget')).toContain('your-marketplace.com');

    await user.type(screen.getByLabelText('Your Marketplace Domain'), 'https://Shop.Acme.com/');
    expect(snippet('widget')).toContain('data-marketplace="shop.acme.com"');
    expect(screen.getByText('Snippets use shop.acme.com.')).toBeTruthy();

    for (const [tab, kind] of [
      ['REST API', 'rest'],
      ['Webhooks', 'webhooks'],
      ['Full SDK', 'sdk'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(snippet(kind)).toContain('shop.acme.com');
    }
    expect(snippet('sdk')).toContain('Order from shop.acme.com');
  });

  it('documents the widget: its attributes, its events and a listener', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Attributes' })).toBeTruthy();
    expect(screen.getByText('data-order-id')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'paymarket:payment_succeeded' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'paymarket:not_enabled' })).toBeTruthy();
    expect(screen.getByTestId('snippet-widget-listener').textContent).toContain("addEventListener('paymarket:payment_succeeded'");
  });

  it('lists every webhook event in the webhooks snippet', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Webhooks' }));
    for (const name of [
      'payment.succeeded',
      'payment.failed',
      'payment.pending',
      'payment.refunded',
      'provider.connected',
      'order.updated',
    ]) {
      expect(snippet('webhooks')).toContain(`'${name}'`);
    }
  });

  it('says when the typed domain is not a domain name', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Your Marketplace Domain'), 'not a domain');
    expect(screen.getByText('Enter a domain name such as shop.example.com.')).toBeTruthy();
    expect(screen.getByLabelText('Your Marketplace Domain').getAttribute('aria-invalid')).toBe('true');
  });

  it('copies the code and resets the confirmation after 2 seconds', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderPage();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.type(screen.getByLabelText('Your Marketplace Domain'), 'shop.acme.com');

    await user.click(screen.getByRole('button', { name: 'Copy Embed Widget code' }));
    // The confirmation shows once the clipboard's promise settles and React has rendered; under load React may finish
    // the render in a task it schedules on the (fake) clock at +0 ms. Run only what is due now: the 2-second reset
    // timer must not move before the assertions below.
    for (let turn = 0; turn < 5; turn++) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
    }

    expect(writeText).toHaveBeenCalledWith(snippet('widget'));
    expect(screen.getByText('Copied!')).toBeTruthy();
    act(() => jest.advanceTimersByTime(COPY_RESET_MS - 100));
    expect(screen.getByText('Copied!')).toBeTruthy();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByText('Copied!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy Embed Widget code' })).toBeTruthy();
    expect(COPY_RESET_MS).toBe(2_000);
  });

  it('"Get API Key" shows a toast pointing to /api-access', async () => {
    const user = userEvent.setup();
    renderPage();

    await user.click(screen.getByRole('button', { name: 'Get API Key' }));

    expect(await screen.findByText(/\/api-access/)).toBeTruthy();
  });

  it('"View Documentation" opens /documentation.html in a new tab', async () => {
    const tab = { opener: window } as unknown as Window;
    const open = jest.spyOn(window, 'open').mockReturnValue(tab);
    const user = userEvent.setup();
    renderPage();

    await user.click(screen.getByRole('button', { name: 'View Documentation' }));

    expect(open).toHaveBeenCalledWith('/documentation.html', '_blank');
    expect(tab.opener).toBeNull();
    expect(screen.queryByText('Popup Blocked')).toBeNull();
  });

  it('shows "Popup Blocked" when the browser refuses the new tab', async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderPage();

    await user.click(screen.getByRole('button', { name: 'View Documentation' }));

    expect(await screen.findByText('Popup Blocked')).toBeTruthy();
  });
});
