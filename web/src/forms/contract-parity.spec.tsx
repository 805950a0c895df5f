import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { RegisterBuyerDto, RegisterSellerDto } from '@paymarket/contracts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { fakeResponse } from '../../test/fake-response';
import { renderAt, seller } from '@/pages/catalog/test-utils';
import { JoinPage } from '@/pages/join';
import { SellerRegistrationPage } from '@/pages/seller-registration';

const fetchMock = jest.fn<typeof fetch>();
const originalFetch = globalThis.fetch;

/** What the server says about one field of a body: class-validator on the DTO, first failing rule (as the gateway). */
async function serverMessage(dto: new () => object, body: object, field: string): Promise<string | undefined> {
  const errors = await validate(plainToInstance(dto, body), { stopAtFirstError: true });
  return Object.values(errors.find((error) => error.property === field)?.constraints ?? {})[0];
}

/** The message the form shows under a control (the element its aria-describedby names). */
function messageUnder(control: HTMLElement): string | null | undefined {
  return document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent;
}

// One rule, one message, in libs/contracts: the form and the server fail it with the same words.
describe('one validation contract for web and server', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => fakeResponse(200, '{"buyer":null}'));
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = originalFetch;
  });

  it("refuses a seller description under 50 characters with the spec's message, on both sides", async () => {
    const s = seller();
    const body = { ...s, description: 'Too short to describe a business.' };
    const user = userEvent.setup();
    renderAt('/seller-registration', '/seller-registration', <SellerRegistrationPage />);
    for (const [label, value] of [
      [/Business Name/, s.businessName],
      [/Your Name/, s.sellerName],
      [/^Email/, s.email],
      [/Phone/, s.phone],
      [/Location/, s.location],
      [/Business Description/, body.description],
      [/Products & Services/, s.products],
      [/Pricing/, s.pricing],
    ] as const) {
      await user.type(screen.getByLabelText(label), value);
    }
    await user.selectOptions(screen.getByLabelText(/Category/), 'printing');
    await user.click(screen.getByRole('button', { name: 'Register as Seller' }));

    const description = screen.getByLabelText(/Business Description/);
    await screen.findByText('Please provide at least 50 characters description');
    const server = await serverMessage(RegisterSellerDto, body, 'description');
    expect(server).toBe('Please provide at least 50 characters description');
    expect(messageUnder(description)).toBe(server);
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(description);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/register-seller')).toEqual([]);
  });

  it('refuses a buyer email that is no address with the same message, on both sides', async () => {
    const user = userEvent.setup();
    renderAt('/join', '/join', <JoinPage />);
    await user.type(screen.getByLabelText(/Full Name/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Email Address/), 'ada-at-example.com');
    await user.click(screen.getByRole('button', { name: 'Join PayMarket' }));

    const email = screen.getByLabelText(/Email Address/);
    const server = await serverMessage(RegisterBuyerDto, { name: 'Ada Lovelace', email: 'ada-at-example.com' }, 'email');
    expect(server).toBeTruthy();
    expect(await screen.findByText(server!)).toBe(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.firstChild);
    expect(messageUnder(email)).toBe(server);
  });
});
