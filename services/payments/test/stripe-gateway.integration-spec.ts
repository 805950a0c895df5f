import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { signPayload, startStripeEmulator, type StripeEmulator } from '@paymarket/stripe-emulator';
import { stripeConfigFromEnv } from '../src/config/payments-env.js';
import { StripeRequestError, StripeSdkGateway, StripeSignatureError, StripeUnavailableError } from '../src/stripe/stripe.gateway.js';

jest.setTimeout(30_000);

// The adapter against the emulator: the same calls it makes to api.stripe.com with a real key.
describe(StripeSdkGateway.name, () => {
  const webhookSecret = 'whsec_gateway_spec_0123456789';
  let emulator: StripeEmulator;
  let sut: StripeSdkGateway;

  beforeAll(async () => {
    emulator = await startStripeEmulator();
    sut = new StripeSdkGateway(
      stripeConfigFromEnv({
        STRIPE_SECRET_KEY: 'sk_test_gateway_spec',
        STRIPE_API_URL: emulator.url,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
      }),
    );
  });

  afterAll(async () => {
    await emulator?.close();
  });

  const intent = (key: string, amount = 10_356) =>
    sut.createPaymentIntent({
      amount,
      currency: 'usd',
      transferGroup: `order_${key}`,
      metadata: { orderId: key },
      idempotencyKey: `pi-${key}`,
    });

  it('is in development mode with a test key or the emulator', () => {
    expect(sut.developmentMode).toBe(true);
  });

  it('reads connected accounts, null for an unknown one', async () => {
    await expect(sut.retrieveConnectedAccount('acct_1PMDemoMapleInk0002')).resolves.toEqual({
      id: 'acct_1PMDemoMapleInk0002',
      businessName: 'Maple Ink',
      country: 'CA',
      canReceiveTransfers: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    await expect(sut.retrieveConnectedAccount('acct_1PMDemoRestricted03')).resolves.toMatchObject({ canReceiveTransfers: false });
    await expect(sut.retrieveConnectedAccount('acct_1NoSuchAccount00000')).resolves.toBeNull();
  });

  it('creates an intent once per idempotency key and confirms it with a test card', async () => {
    const created = await intent('a1');
    expect(await intent('a1')).toEqual(created);
    expect(created).toMatchObject({
      status: 'requires_payment_method',
      amount: 10_356,
      currency: 'usd',
      transferGroup: 'order_a1',
      metadata: { orderId: 'a1' },
    });
    expect(created.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);

    const paid = await sut.confirmPaymentIntent({ paymentIntentId: created.id, paymentMethod: 'pm_card_visa' });
    expect(paid).toMatchObject({ status: 'succeeded', amountReceived: 10_356, lastError: null });
    expect(paid.latestChargeId).toMatch(/^ch_/);
    await expect(sut.retrievePaymentIntent(created.id)).resolves.toEqual(paid);
    await expect(sut.retrievePaymentIntent('pi_3NoSuchIntent')).resolves.toBeNull();
  });

  it('returns a declined card as an outcome with Stripe’s message, not an exception', async () => {
    const created = await intent('d1');
    const declined = await sut.confirmPaymentIntent({
      paymentIntentId: created.id,
      paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds',
    });
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
  });

  it('hands out the authentication URL of a 3D Secure card', async () => {
    const created = await intent('s1');
    const pending = await sut.confirmPaymentIntent({
      paymentIntentId: created.id,
      paymentMethod: 'pm_card_authenticationRequired',
      returnUrl: 'http://localhost:3000/payment-success',
    });
    expect(pending.status).toBe('requires_action');
    expect(pending.nextActionUrl).toContain(`${emulator.url}/emulator/3ds/${created.id}`);
  });

  it('transfers, reverses and refunds with idempotency keys; refusals keep Stripe’s code', async () => {
    const paid = await sut.confirmPaymentIntent({ paymentIntentId: (await intent('t1', 10_000)).id, paymentMethod: 'pm_card_visa' });
    const transfer = await sut.createTransfer({
      amount: 5_000,
      currency: 'usd',
      destination: 'acct_1PMDemoPrintCo00001',
      transferGroup: 'order_t1',
      sourceTransaction: paid.latestChargeId,
      metadata: { orderId: 't1' },
      idempotencyKey: 'tr-t1-seller',
    });
    expect(transfer).toMatchObject({
      amount: 5_000,
      amountReversed: 0,
      destination: 'acct_1PMDemoPrintCo00001',
      sourceTransaction: paid.latestChargeId,
    });
    expect(
      (
        await sut.createTransfer({
          amount: 5_000,
          currency: 'usd',
          destination: 'acct_1PMDemoPrintCo00001',
          transferGroup: 'order_t1',
          sourceTransaction: paid.latestChargeId,
          metadata: { orderId: 't1' },
          idempotencyKey: 'tr-t1-seller',
        })
      ).id,
    ).toBe(transfer.id);

    const reversal = await sut.createTransferReversal({ transferId: transfer.id, amount: 2_500, idempotencyKey: 'trr-t1' });
    expect(reversal).toMatchObject({ transferId: transfer.id, amount: 2_500 });
    await expect(sut.retrieveTransfer(transfer.id)).resolves.toMatchObject({ amountReversed: 2_500 });

    const refund = await sut.createRefund({ paymentIntentId: paid.id, amount: 5_000, metadata: {}, idempotencyKey: 're-t1' });
    expect(refund).toMatchObject({
      amount: 5_000,
      currency: 'usd',
      status: 'succeeded',
      chargeId: paid.latestChargeId,
      paymentIntentId: paid.id,
    });
    const over = await sut
      .createRefund({ paymentIntentId: paid.id, amount: 5_001, metadata: {}, idempotencyKey: 're-t1-over' })
      .catch((e: unknown) => e);
    expect(over).toBeInstanceOf(StripeRequestError);
    expect(over).toMatchObject({ status: 400, code: 'amount_too_large', param: 'amount' });

    const restricted = await sut
      .createTransfer({
        amount: 100,
        currency: 'usd',
        destination: 'acct_1PMDemoRestricted03',
        transferGroup: 'order_t1',
        sourceTransaction: paid.latestChargeId,
        metadata: {},
        idempotencyKey: 'tr-t1-restricted',
      })
      .catch((e: unknown) => e);
    expect(restricted).toMatchObject({ code: 'insufficient_capabilities_for_transfer' });
  });

  it('verifies webhook signatures with the configured secret', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: 1,
      data: { object: { id: 'pi_1', object: 'payment_intent' } },
    });
    expect(sut.constructWebhookEvent(payload, signPayload(payload, webhookSecret))).toEqual({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      created: 1,
      object: { id: 'pi_1', object: 'payment_intent' },
    });
    expect(() => sut.constructWebhookEvent(payload, signPayload(payload, 'whsec_forged'))).toThrow(StripeSignatureError);
    expect(() => sut.constructWebhookEvent(payload.replace('pi_1', 'pi_2'), signPayload(payload, webhookSecret))).toThrow(
      StripeSignatureError,
    );
    expect(() => sut.constructWebhookEvent(payload, signPayload(payload, webhookSecret, Math.floor(Date.now() / 1000) - 3600))).toThrow(
      StripeSignatureError,
    );
  });

  it('reports an unreachable Stripe as StripeUnavailableError', async () => {
    const gone = await startStripeEmulator();
    await gone.close();
    const offline = new StripeSdkGateway({ secretKey: 'sk_test_gateway_spec', apiUrl: gone.url, timeoutMs: 2_000 });
    await expect(offline.retrieveConnectedAccount('acct_1PMDemoPrintCo00001')).rejects.toBeInstanceOf(StripeUnavailableError);
  });
});

describe(stripeConfigFromEnv.name, () => {
  it('needs STRIPE_SECRET_KEY and names the variable at fault', () => {
    expect(() => stripeConfigFromEnv({})).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'not-a-key' })).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret key/);
    expect(() => stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_URL: 'localhost:12111' })).toThrow(/STRIPE_API_URL/);
    expect(() => stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('requires the webhook secret in production and never sends a live key to another host', () => {
    expect(() => stripeConfigFromEnv({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_API_URL: 'http://127.0.0.1:12111' })).toThrow(
      /STRIPE_API_URL/,
    );
    expect(stripeConfigFromEnv({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toEqual({
      secretKey: 'sk_live_abc',
      webhookSecret: 'whsec_abc',
    });
  });

  it("refuses docker-compose's public emulator secret for a real Stripe account", () => {
    expect(() =>
      stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_test_real', STRIPE_WEBHOOK_SECRET: 'whsec_paymarket_emulator_only' }),
    ).toThrow(/emulator only/);
    expect(
      stripeConfigFromEnv({
        STRIPE_SECRET_KEY: 'sk_test_emulator',
        STRIPE_API_URL: 'http://stripe-emulator:12111',
        STRIPE_WEBHOOK_SECRET: 'whsec_paymarket_emulator_only',
      }),
    ).toMatchObject({ webhookSecret: 'whsec_paymarket_emulator_only' });
  });

  it('treats an empty variable as unset (docker-compose passes empty strings)', () => {
    expect(
      stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_URL: 'http://stripe-emulator:12111/', STRIPE_WEBHOOK_SECRET: '' }),
    ).toEqual({
      secretKey: 'sk_test_x',
      apiUrl: 'http://stripe-emulator:12111',
    });
  });
});
