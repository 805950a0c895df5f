import { afterEach, describe, expect, it } from '@jest/globals';
import type { OrderView } from '@paymarket/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { OrderCard } from './order-card';
import { orderView } from './testing/order-view';

/** A marketplace order split four ways (ADR 0051): the card's richest case. */
function order(overrides: Partial<OrderView> = {}): OrderView {
  return orderView({
    createdAt: '2026-11-27T10:00:00.000Z',
    amount: '96.44',
    fee: '2.00',
    total: '98.44',
    printProviderId: 'seller_1',
    recipient: { party: 'seller', name: 'Maple Ink' },
    marketplace: { id: 'm1', name: 'Craft Hub', terms: { customFees: true, transactionFee: '2.00', platformFee: '10' } },
    split: [
      { party: 'platform', amount: '2.00', name: 'PayMarket' },
      { party: 'marketplace', amount: '9.64', name: 'Craft Hub' },
      { party: 'seller', amount: '45.00', name: 'Maple Ink' },
      { party: 'provider', amount: '41.80', name: 'Demo Print Co.' },
    ],
    ...overrides,
  });
}

describe(OrderCard.name, () => {
  afterEach(cleanup);

  it("shows the four-way split (ADR 0051): PayMarket's fee, the marketplace's fee by name, the seller and the provider", () => {
    render(<OrderCard order={order()} />);
    const split = screen.getByRole('region', { name: 'Split' });
    expect(within(split).getByText('Who gets what · via Craft Hub')).toBeTruthy();
    const rows = within(split)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'PayMarket fee$2.00',
      'Craft Hub marketplace fee$9.64',
      'Seller · Maple Ink$45.00',
      'Print Provider · Demo Print Co.$41.80',
    ]);
  });

  it("PayMarket's own order: its two lines, no marketplace", () => {
    render(
      <OrderCard
        order={order({
          marketplace: null,
          amount: '100.00',
          fee: '3.56',
          total: '103.56',
          recipient: { party: 'provider', name: 'Demo Print Co.' },
          split: [
            { party: 'platform', amount: '3.56', name: 'PayMarket' },
            { party: 'provider', amount: '100.00', name: 'Demo Print Co.' },
          ],
        })}
      />,
    );
    const split = screen.getByRole('region', { name: 'Split' });
    expect(within(split).getByText('Who gets what')).toBeTruthy();
    expect(
      within(split)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['PayMarket fee$3.56', 'Print Provider · Demo Print Co.$100.00']);
    expect(screen.queryByText(/marketplace fee/)).toBeNull();
  });

  it('an order without a stored split (older answers) shows no split section', () => {
    render(<OrderCard order={order({ marketplace: null, split: [] })} />);
    expect(screen.queryByRole('region', { name: 'Split' })).toBeNull();
  });
});
