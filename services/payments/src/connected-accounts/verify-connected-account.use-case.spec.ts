import { describe, expect, it } from '@jest/globals';
import { ServiceError } from '@paymarket/platform';
import { StripeGateway, StripeUnavailableError, type ConnectedAccount } from '../stripe/stripe.gateway.js';
import { VerifyConnectedAccountUseCase } from './verify-connected-account.use-case.js';

/** Only account lookups matter here; every other call fails loudly if a change starts using it. */
class FakeStripe extends StripeGateway {
  readonly developmentMode = true;
  readonly lookedUp: string[] = [];
  unavailable = false;
  constructor(private readonly accounts: ConnectedAccount[] = []) {
    super();
  }
  async retrieveConnectedAccount(id: string): Promise<ConnectedAccount | null> {
    this.lookedUp.push(id);
    if (this.unavailable) throw new StripeUnavailableError('Stripe is unavailable: connect ECONNREFUSED');
    return this.accounts.find((a) => a.id === id) ?? null;
  }
  createPaymentIntent = unused;
  retrievePaymentIntent = unused;
  confirmPaymentIntent = unused;
  cancelPaymentIntent = unused;
  createTransfer = unused;
  retrieveTransfer = unused;
  createTransferReversal = unused;
  createRefund = unused;
  constructWebhookEvent = unused;
}
function unused(): never {
  throw new Error('not used by this use case');
}

const account = (overrides: Partial<ConnectedAccount> = {}): ConnectedAccount => ({
  id: 'acct_1TestPrintShop0001',
  businessName: 'Test Print Shop',
  country: 'US',
  canReceiveTransfers: true,
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  ...overrides,
});

describe(VerifyConnectedAccountUseCase.name, () => {
  it('accepts an account that can receive transfers and returns its name and country', async () => {
    const sut = new VerifyConnectedAccountUseCase(new FakeStripe([account()]));

    await expect(sut.execute({ stripeAccountId: 'acct_1TestPrintShop0001' })).resolves.toEqual({
      valid: true,
      message: 'Stripe account verified',
      accountInfo: { businessName: 'Test Print Shop', country: 'US' },
    });
  });

  it('trims the id before asking Stripe', async () => {
    const stripe = new FakeStripe([account()]);
    const sut = new VerifyConnectedAccountUseCase(stripe);

    await expect(sut.execute({ stripeAccountId: '  acct_1TestPrintShop0001 ' })).resolves.toMatchObject({ valid: true });
    expect(stripe.lookedUp).toEqual(['acct_1TestPrintShop0001']);
  });

  it('refuses an unknown account', async () => {
    const sut = new VerifyConnectedAccountUseCase(new FakeStripe());

    await expect(sut.execute({ stripeAccountId: 'acct_1NobodyHasThisId99' })).resolves.toEqual({
      valid: false,
      message: 'Stripe account could not be verified',
      error: 'No Stripe account found with this ID',
    });
  });

  it('refuses an account whose transfers capability is not active, still naming it', async () => {
    const sut = new VerifyConnectedAccountUseCase(
      new FakeStripe([account({ canReceiveTransfers: false, businessName: null, country: 'CA' })]),
    );

    await expect(sut.execute({ stripeAccountId: 'acct_1TestPrintShop0001' })).resolves.toEqual({
      valid: false,
      message: 'Stripe account could not be verified',
      error: 'This Stripe account cannot receive transfers yet. Finish onboarding with Stripe first.',
      accountInfo: { businessName: null, country: 'CA' },
    });
  });

  it.each([['acct_short'], ['cus_1TestPrintShop0001'], ['acct_1Test Print Shop01'], [''], [undefined], [42]])(
    'refuses a malformed id (%p) without calling Stripe',
    async (stripeAccountId) => {
      const stripe = new FakeStripe([account()]);
      const sut = new VerifyConnectedAccountUseCase(stripe);

      await expect(sut.execute({ stripeAccountId })).resolves.toEqual({
        valid: false,
        message: 'Stripe account could not be verified',
        error: 'Please enter your Stripe Connect Account ID',
      });
      expect(stripe.lookedUp).toEqual([]);
    },
  );

  it('answers a typed error, not an invalid account, when Stripe cannot be reached', async () => {
    const stripe = new FakeStripe([account()]);
    stripe.unavailable = true;
    const sut = new VerifyConnectedAccountUseCase(stripe);

    const error = await sut.execute({ stripeAccountId: 'acct_1TestPrintShop0001' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      code: 'unprocessable',
      message: 'We could not reach Stripe to verify this account. Please try again in a moment.',
    });
  });
});
