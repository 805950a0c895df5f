import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import Stripe from 'stripe';
import { startStripeEmulator, type StripeEmulator } from '../src/index.js';

jest.setTimeout(30_000);

const KEY = 'sk_test_emulator_spec';

// Raw card data is not in the SDK's public types (Stripe gates it per account); the API accepts it from the emulator.
function card(number: string, expYear = new Date().getFullYear() + 2): Stripe.PaymentIntentConfirmParams.PaymentMethodData {
  return {
    type: 'card',
    card: { number, exp_month: 12, exp_year: expYear, cvc: '123' },
  } as Stripe.PaymentIntentConfirmParams.PaymentMethodData;
}

async function caught(promise: Promise<unknown>): Promise<InstanceType<typeof Stripe.errors.StripeError>> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Stripe.errors.StripeError)) throw new Error(`expected a StripeError, got ${String(error)}`);
  return error;
}

// Every test talks to the emulator through the official SDK, so what passes here is what the SDK accepts from Stripe.
describe('Stripe emulator, driven by the official stripe SDK', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;

  beforeAll(async () => {
    emulator = await startStripeEmulator();
    stripe = new Stripe(KEY, { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
  });

  afterAll(async () => {
    await emulator?.close();
  });

  const newIntent = (amount = 10_356, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
    stripe.paymentIntents.create({ amount, currency: 'usd', transfer_group: 'order_test', metadata: { order_id: 'order_test' }, ...extra });

  describe('authentication', () => {
    it('refuses a request without a key or with a key that is not a test secret key, with 401', async () => {
      const anonymous = await fetch(`${emulator.url}/v1/accounts/acct_1PMDemoPrintCo00001`);
      expect(anonymous.status).toBe(401);
      expect(((await anonymous.json()) as { error: { type: string; message: string } }).error).toMatchObject({
        type: 'invalid_request_error',
        message: expect.stringContaining('You did not provide an API key'),
      });

      const live = new Stripe('sk_live_notallowedhere', { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
      const error = await caught(live.accounts.retrieve('acct_1PMDemoPrintCo00001'));
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error.statusCode).toBe(401);
      expect(error.message).toMatch(/^Invalid API Key provided: sk_live_\*+here$/);
    });
  });

  describe('accounts', () => {
    it('serves the seeded demo accounts with their capabilities', async () => {
      const printCo = await stripe.accounts.retrieve('acct_1PMDemoPrintCo00001');
      expect(printCo).toMatchObject({
        object: 'account',
        business_profile: { name: 'Demo Print Co.' },
        country: 'US',
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        capabilities: { transfers: 'active' },
      });
      const restricted = await stripe.accounts.retrieve('acct_1PMDemoRestricted03');
      expect(restricted).toMatchObject({ charges_enabled: false, details_submitted: false, capabilities: { transfers: 'inactive' } });
      const list = await stripe.accounts.list({ limit: 100 });
      expect(list.data.map((a) => a.id)).toEqual(
        expect.arrayContaining(['acct_1PMDemoPrintCo00001', 'acct_1PMDemoMapleInk0002', 'acct_1PMDemoRestricted03']),
      );
    });

    it('answers an unknown account with 404 resource_missing and Stripe’s message', async () => {
      const error = await caught(stripe.accounts.retrieve('acct_1DoesNotExist0000'));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
        param: 'id',
        message: "No such account: 'acct_1DoesNotExist0000'",
      });
    });

    it('creates an account that becomes able to receive transfers after onboarding, with account.updated events', async () => {
      const account = await stripe.accounts.create({
        type: 'express',
        country: 'CA',
        email: 'a@b.example',
        business_profile: { name: 'Ink & Co' },
      });
      expect(account.id).toMatch(/^acct_\w{16,}$/);
      expect(account).toMatchObject({
        type: 'express',
        country: 'CA',
        email: 'a@b.example',
        capabilities: { transfers: 'inactive' },
        details_submitted: false,
      });

      const link = await stripe.accountLinks.create({
        account: account.id,
        type: 'account_onboarding',
        refresh_url: 'http://shop.example/refresh',
        return_url: 'http://shop.example/return',
      });
      expect(link.url).toContain(emulator.url);
      const page = await fetch(link.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Ink &amp; Co');
      const submitted = await fetch(link.url, { method: 'POST', redirect: 'manual' });
      expect(submitted.status).toBe(303);
      expect(submitted.headers.get('location')).toBe('http://shop.example/return');

      const after = await stripe.accounts.retrieve(account.id);
      expect(after).toMatchObject({
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        capabilities: { transfers: 'active' },
      });
      const events = await stripe.events.list({ type: 'account.updated', limit: 5 });
      expect(events.data[0]).toMatchObject({
        type: 'account.updated',
        data: { object: { id: account.id, capabilities: { transfers: 'active' } }, previous_attributes: { details_submitted: false } },
      });

      // Links are single-use: a second visit goes to refresh_url.
      const again = await fetch(link.url, { redirect: 'manual' });
      expect(again.headers.get('location')).toBe('http://shop.example/refresh');
    });
  });

  describe('payment intents and test cards', () => {
    it('creates an intent awaiting a payment method, with a client secret and parsed nested metadata', async () => {
      const intent = await newIntent();
      expect(intent).toMatchObject({
        object: 'payment_intent',
        amount: 10_356,
        currency: 'usd',
        status: 'requires_payment_method',
        transfer_group: 'order_test',
        metadata: { order_id: 'order_test' },
        latest_charge: null,
      });
      expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_\\w+$`));
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
    });

    it.each([['pm_card_visa'], ['4242424242424242']])('%s succeeds with a charge', async (method) => {
      const intent = await newIntent();
      const confirmed = await stripe.paymentIntents.confirm(
        intent.id,
        method.startsWith('pm_') ? { payment_method: method } : { payment_method_data: card(method) },
      );
      expect(confirmed).toMatchObject({ status: 'succeeded', amount_received: 10_356, last_payment_error: null });
      expect(confirmed.latest_charge).toMatch(/^ch_/);
      const charge = await stripe.charges.retrieve(confirmed.latest_charge as string);
      expect(charge).toMatchObject({
        status: 'succeeded',
        paid: true,
        amount: 10_356,
        payment_intent: intent.id,
        transfer_group: 'order_test',
        payment_method_details: { card: { last4: '4242', brand: 'visa' } },
      });
      const events = await stripe.events.list({ type: 'payment_intent.succeeded', limit: 1 });
      expect(events.data[0]?.data.object).toMatchObject({ id: intent.id, status: 'succeeded' });
    });

    it.each([
      ['pm_card_chargeDeclined', 'generic_decline', 'Your card was declined.'],
      ['4000000000000002', 'generic_decline', 'Your card was declined.'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Your card has insufficient funds.'],
      ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ])('%s is declined (%s) with a 402 card error and the intent back to requires_payment_method', async (method, declineCode, message) => {
      const intent = await newIntent();
      const error = await caught(
        stripe.paymentIntents.confirm(
          intent.id,
          method.startsWith('pm_') ? { payment_method: method } : { payment_method_data: card(method) },
        ),
      );
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({ statusCode: 402, type: 'StripeCardError', code: 'card_declined', decline_code: declineCode, message });
      expect((error.raw as { payment_intent: Stripe.PaymentIntent }).payment_intent).toMatchObject({
        id: intent.id,
        status: 'requires_payment_method',
      });
      const after = await stripe.paymentIntents.retrieve(intent.id);
      expect(after).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined', decline_code: declineCode, message },
      });
      const failed = await stripe.events.list({ type: 'payment_intent.payment_failed', limit: 1 });
      expect(failed.data[0]?.data.object).toMatchObject({ id: intent.id });

      // The buyer may try again with another card.
      const retried = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
      expect(retried.status).toBe('succeeded');
    });

    it('refuses an invalid card number and an expired card as Stripe does', async () => {
      const intent = await newIntent();
      const wrongNumber = await caught(stripe.paymentIntents.confirm(intent.id, { payment_method_data: card('4242424242424241') }));
      expect(wrongNumber).toMatchObject({ statusCode: 402, code: 'incorrect_number', message: 'Your card number is incorrect.' });
      const expired = await caught(stripe.paymentIntents.confirm(intent.id, { payment_method_data: card('4242424242424242', 2020) }));
      expect(expired).toMatchObject({ statusCode: 402, code: 'invalid_expiry_year' });
    });

    it.each([['pm_card_authenticationRequired'], ['4000002500003155']])(
      '%s requires 3D Secure; completing it succeeds the payment',
      async (method) => {
        const intent = await newIntent();
        const pending = await stripe.paymentIntents.confirm(intent.id, {
          ...(method.startsWith('pm_') ? { payment_method: method } : { payment_method_data: card(method) }),
          return_url: 'http://shop.example/payment-success?order=1',
        });
        expect(pending.status).toBe('requires_action');
        expect(pending.next_action?.type).toBe('redirect_to_url');
        const url = pending.next_action!.redirect_to_url!.url!;
        expect(url.startsWith(emulator.url)).toBe(true);
        expect((await stripe.events.list({ type: 'payment_intent.requires_action', limit: 1 })).data[0]?.data.object).toMatchObject({
          id: intent.id,
        });

        const page = await fetch(url);
        expect(await page.text()).toContain('Complete authentication');
        const done = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_secret: intent.client_secret!, result: 'complete' }),
          redirect: 'manual',
        });
        expect(done.status).toBe(303);
        const location = new URL(done.headers.get('location')!);
        expect(location.origin + location.pathname).toBe('http://shop.example/payment-success');
        expect(Object.fromEntries(location.searchParams)).toEqual({
          order: '1',
          payment_intent: intent.id,
          payment_intent_client_secret: intent.client_secret,
          redirect_status: 'succeeded',
        });
        const after = await stripe.paymentIntents.retrieve(intent.id);
        expect(after).toMatchObject({ status: 'succeeded', next_action: null });
        expect(after.latest_charge).toMatch(/^ch_/);
      },
    );

    it('fails the payment when 3D Secure authentication fails', async () => {
      const intent = await newIntent();
      const pending = await stripe.paymentIntents.confirm(intent.id, {
        payment_method: 'pm_card_authenticationRequired',
        return_url: 'http://shop.example/back',
      });
      const done = await fetch(pending.next_action!.redirect_to_url!.url!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_secret: intent.client_secret!, result: 'fail' }),
        redirect: 'manual',
      });
      expect(new URL(done.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
      const after = await stripe.paymentIntents.retrieve(intent.id);
      expect(after).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: { code: 'payment_intent_authentication_failure' },
      });
    });

    it('does not let a wrong client secret authenticate someone else’s payment', async () => {
      const intent = await newIntent();
      const pending = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_authenticationRequired' });
      const forged = await fetch(pending.next_action!.redirect_to_url!.url!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_secret: `${intent.id}_secret_forged`, result: 'complete' }),
      });
      expect(forged.status).toBe(404);
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_action');
    });

    it('confirms at creation with confirm=true, cancels, and refuses to confirm a succeeded intent', async () => {
      const paid = await newIntent(5_000, { confirm: true, payment_method: 'pm_card_visa' });
      expect(paid.status).toBe('succeeded');
      const again = await caught(stripe.paymentIntents.confirm(paid.id, { payment_method: 'pm_card_visa' }));
      expect(again).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });

      const open = await newIntent();
      const canceled = await stripe.paymentIntents.cancel(open.id, { cancellation_reason: 'abandoned' });
      expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
      expect(await caught(stripe.paymentIntents.cancel(paid.id))).toMatchObject({ code: 'payment_intent_unexpected_state' });
    });

    it('validates amounts, currencies and unknown parameters with Stripe-shaped 400s naming the parameter', async () => {
      expect(await caught(stripe.paymentIntents.create({ amount: 10, currency: 'usd' }))).toMatchObject({
        statusCode: 400,
        code: 'amount_too_small',
        param: 'amount',
      });
      expect(await caught(stripe.paymentIntents.create({ amount: 1000, currency: 'eur' }))).toMatchObject({
        statusCode: 400,
        param: 'currency',
      });
      expect(await caught(stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams))).toMatchObject({
        code: 'parameter_missing',
        param: 'amount',
      });
      expect(
        await caught(stripe.paymentIntents.create({ amount: 1000, currency: 'usd', colour: 'blue' } as Stripe.PaymentIntentCreateParams)),
      ).toMatchObject({
        code: 'parameter_unknown',
        message: 'Received unknown parameter: colour',
      });
    });

    it('expands latest_charge on request', async () => {
      const paid = await newIntent(7_500, { confirm: true, payment_method: 'pm_card_visa' });
      const expanded = await stripe.paymentIntents.retrieve(paid.id, { expand: ['latest_charge'] });
      expect(expanded.latest_charge).toMatchObject({ object: 'charge', amount: 7_500, status: 'succeeded' });
    });
  });

  describe('idempotency', () => {
    it('replays the first response for the same key and parameters, creating nothing new', async () => {
      const key = `order-create-${Date.now()}`;
      const first = await stripe.paymentIntents.create(
        { amount: 2_000, currency: 'cad', metadata: { order_id: 'o-idem' } },
        { idempotencyKey: key },
      );
      const second = await stripe.paymentIntents.create(
        { amount: 2_000, currency: 'cad', metadata: { order_id: 'o-idem' } },
        { idempotencyKey: key },
      );
      expect(second.id).toBe(first.id);
      expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
      expect([...emulator.state.paymentIntents.values()].filter((r) => r.intent.metadata.order_id === 'o-idem')).toHaveLength(1);
    });

    it('replays a declined confirmation instead of charging the card again', async () => {
      const intent = await newIntent();
      const key = `confirm-${intent.id}`;
      const first = await caught(
        stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: key }),
      );
      const chargesBefore = emulator.state.charges.size;
      const second = await caught(
        stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: key }),
      );
      expect(second).toMatchObject({ statusCode: 402, code: 'card_declined', charge: first.charge });
      expect(emulator.state.charges.size).toBe(chargesBefore);
    });

    it('refuses the same key with different parameters with 400 idempotency_error', async () => {
      const key = `order-mismatch-${Date.now()}`;
      await stripe.paymentIntents.create({ amount: 2_000, currency: 'usd' }, { idempotencyKey: key });
      const error = await caught(stripe.paymentIntents.create({ amount: 2_500, currency: 'usd' }, { idempotencyKey: key }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(error).toMatchObject({ statusCode: 400, message: expect.stringContaining(`Try using a key other than '${key}'`) });
    });
  });

  describe('refunds', () => {
    it('refunds part, then the rest, and refuses more than what is left', async () => {
      const paid = await newIntent(10_000, { confirm: true, payment_method: 'pm_card_visa' });
      const partial = await stripe.refunds.create({ payment_intent: paid.id, amount: 4_000, reason: 'requested_by_customer' });
      expect(partial).toMatchObject({
        object: 'refund',
        amount: 4_000,
        status: 'succeeded',
        payment_intent: paid.id,
        charge: paid.latest_charge,
      });
      expect(await stripe.refunds.retrieve(partial.id)).toMatchObject({ id: partial.id, amount: 4_000 });
      expect(await stripe.charges.retrieve(paid.latest_charge as string)).toMatchObject({ amount_refunded: 4_000, refunded: false });

      const tooMuch = await caught(stripe.refunds.create({ payment_intent: paid.id, amount: 6_001 }));
      expect(tooMuch).toMatchObject({
        statusCode: 400,
        code: 'amount_too_large',
        param: 'amount',
        message: 'Refund amount ($60.01) is greater than unrefunded amount on charge ($60.00)',
      });

      const rest = await stripe.refunds.create({ charge: paid.latest_charge as string });
      expect(rest.amount).toBe(6_000);
      expect(await stripe.charges.retrieve(paid.latest_charge as string)).toMatchObject({ amount_refunded: 10_000, refunded: true });
      expect(await caught(stripe.refunds.create({ payment_intent: paid.id }))).toMatchObject({ code: 'charge_already_refunded' });
      const refunded = await stripe.events.list({ type: 'charge.refunded', limit: 1 });
      expect(refunded.data[0]).toMatchObject({
        data: { object: { id: paid.latest_charge, amount_refunded: 10_000 }, previous_attributes: { amount_refunded: 4_000 } },
      });
    });

    it('refuses to refund an intent that has not succeeded', async () => {
      const open = await newIntent();
      expect(await caught(stripe.refunds.create({ payment_intent: open.id }))).toMatchObject({
        statusCode: 400,
        code: 'charge_not_refundable',
      });
    });
  });

  describe('transfers and reversals', () => {
    it('sends part of a charge to a connected account and reverses it in steps', async () => {
      const paid = await newIntent(10_356, { confirm: true, payment_method: 'pm_card_visa' });
      const transfer = await stripe.transfers.create({
        amount: 5_000,
        currency: 'usd',
        destination: 'acct_1PMDemoPrintCo00001',
        source_transaction: paid.latest_charge as string,
        transfer_group: 'order_test',
        metadata: { role: 'seller' },
      });
      expect(transfer).toMatchObject({
        object: 'transfer',
        amount: 5_000,
        destination: 'acct_1PMDemoPrintCo00001',
        source_transaction: paid.latest_charge,
        transfer_group: 'order_test',
        reversed: false,
      });
      expect((await stripe.events.list({ type: 'transfer.created', limit: 1 })).data[0]?.data.object).toMatchObject({ id: transfer.id });

      const first = await stripe.transfers.createReversal(transfer.id, { amount: 2_000 });
      expect(first).toMatchObject({ object: 'transfer_reversal', amount: 2_000, transfer: transfer.id });
      const rest = await stripe.transfers.createReversal(transfer.id);
      expect(rest.amount).toBe(3_000);
      expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 5_000, reversed: true });
      const reversals = await stripe.transfers.listReversals(transfer.id);
      expect(reversals.data.map((r) => r.amount)).toEqual([3_000, 2_000]);
      expect(await caught(stripe.transfers.createReversal(transfer.id, { amount: 1 }))).toMatchObject({ statusCode: 400 });
      const reversedEvents = await stripe.events.list({ type: 'transfer.reversed', limit: 2 });
      expect(reversedEvents.data.map((e) => e.data.object)).toEqual([
        expect.objectContaining({ amount_reversed: 5_000 }),
        expect.objectContaining({ amount_reversed: 2_000 }),
      ]);
    });

    it('refuses unknown or restricted destinations and more than the source charge holds', async () => {
      const paid = await newIntent(10_000, { confirm: true, payment_method: 'pm_card_visa' });
      const source = paid.latest_charge as string;
      const unknown = await caught(
        stripe.transfers.create({ amount: 100, currency: 'usd', destination: 'acct_1NoSuchAccount00000', source_transaction: source }),
      );
      expect(unknown).toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
        param: 'destination',
        message: "No such destination: 'acct_1NoSuchAccount00000'",
      });
      const restricted = await caught(
        stripe.transfers.create({ amount: 100, currency: 'usd', destination: 'acct_1PMDemoRestricted03', source_transaction: source }),
      );
      expect(restricted).toMatchObject({ statusCode: 400, code: 'insufficient_capabilities_for_transfer', param: 'destination' });
      await stripe.transfers.create({
        amount: 6_000,
        currency: 'usd',
        destination: 'acct_1PMDemoPrintCo00001',
        source_transaction: source,
      });
      const over = await caught(
        stripe.transfers.create({ amount: 4_001, currency: 'usd', destination: 'acct_1PMDemoMapleInk0002', source_transaction: source }),
      );
      expect(over).toMatchObject({ statusCode: 400, code: 'balance_insufficient' });
      const currency = await caught(
        stripe.transfers.create({ amount: 100, currency: 'cad', destination: 'acct_1PMDemoMapleInk0002', source_transaction: source }),
      );
      expect(currency).toMatchObject({ statusCode: 400, param: 'currency' });
    });
  });

  describe('events', () => {
    it('retrieves an event by id and lists newest first with pagination', async () => {
      const page = await stripe.events.list({ limit: 2 });
      expect(page.data).toHaveLength(2);
      expect(page.has_more).toBe(true);
      expect(page.data[0]!.created).toBeGreaterThanOrEqual(page.data[1]!.created);
      const next = await stripe.events.list({ limit: 2, starting_after: page.data[1]!.id });
      expect(next.data[0]!.id).not.toBe(page.data[1]!.id);
      const one = await stripe.events.retrieve(page.data[0]!.id);
      expect(one).toEqual(expect.objectContaining({ id: page.data[0]!.id, object: 'event', type: page.data[0]!.type, livemode: false }));
      expect(await caught(stripe.events.retrieve('evt_1NoSuchEvent'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    });
  });
});

describe('Stripe emulator webhooks', () => {
  const secret = 'whsec_emulator_spec_secret_0123456789';
  let receiver: Server;
  let receiverUrl: string;
  let emulator: StripeEmulator;
  let stripe: Stripe;
  const received: Array<{ body: string; signature: string; at: number }> = [];
  let failuresLeft = 0;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature']), at: Date.now() });
        if (failuresLeft > 0) {
          failuresLeft--;
          res.writeHead(500).end('not yet');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/stripe/webhook`;
    emulator = await startStripeEmulator({ webhookUrl: receiverUrl, webhookSecret: secret, webhookRetryBaseMs: 50 });
    stripe = new Stripe(KEY, { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
  });

  afterAll(async () => {
    await emulator?.close();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  const deliveredOf = async (type: string, id: string) => {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const hit = received.filter((r) => {
        const event = JSON.parse(r.body) as Stripe.Event;
        return event.type === type && (event.data.object as { id: string }).id === id;
      });
      if (hit.length > 0) return hit;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no ${type} webhook for ${id}`);
  };

  it('signs every event exactly as Stripe does: the SDK’s constructEvent accepts it', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 10_356, currency: 'usd', confirm: true, payment_method: 'pm_card_visa' });
    const [delivery] = await deliveredOf('payment_intent.succeeded', intent.id);

    const event = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, secret);
    expect(event).toMatchObject({
      type: 'payment_intent.succeeded',
      data: { object: { id: intent.id, status: 'succeeded', amount: 10_356 } },
    });
    expect(await stripe.events.retrieve(event.id)).toMatchObject({ id: event.id, type: 'payment_intent.succeeded' });
    expect(delivery!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('produces signatures the SDK rejects for a wrong secret or an altered body', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1_000, currency: 'usd' });
    const [delivery] = await deliveredOf('payment_intent.created', intent.id);
    expect(() => stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, 'whsec_someone_else')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const altered = delivery!.body.replace('"amount": 1000', '"amount": 1');
    expect(altered).not.toBe(delivery!.body);
    expect(() => stripe.webhooks.constructEvent(altered, delivery!.signature, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('retries with backoff until the endpoint answers 2xx, signing each attempt afresh', async () => {
    failuresLeft = 2;
    const intent = await stripe.paymentIntents.create({ amount: 4_200, currency: 'cad' });
    const event = (await stripe.events.list({ type: 'payment_intent.created', limit: 1 })).data[0]!;
    expect(event.data.object).toMatchObject({ id: intent.id });
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && !emulator.webhooks!.attempts.some((a) => a.eventId === event.id && a.status === 200)) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const attempts = emulator.webhooks!.attempts.filter((a) => a.eventId === event.id);
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    const deliveries = await deliveredOf('payment_intent.created', intent.id);
    expect(deliveries).toHaveLength(3);
    // Exponential backoff: the second wait is longer than the first.
    expect(deliveries[2]!.at - deliveries[1]!.at).toBeGreaterThan(deliveries[1]!.at - deliveries[0]!.at);
    for (const delivery of deliveries) expect(stripe.webhooks.constructEvent(delivery.body, delivery.signature, secret).id).toBe(event.id);
  });

  it("delivers only the endpoint's enabled events (Stripe's enabled_events); the others stay in the event list", async () => {
    await emulator.setWebhookEndpoint({ url: receiverUrl, secret, enabledEvents: ['payment_intent.succeeded'] });
    try {
      const intent = await stripe.paymentIntents.create({ amount: 2_500, currency: 'usd', confirm: true, payment_method: 'pm_card_visa' });
      await deliveredOf('payment_intent.succeeded', intent.id);
      // Every event of this payment exists; only the enabled one was posted.
      const created = (await stripe.events.list({ type: 'payment_intent.created', limit: 5 })).data.find(
        (e) => (e.data.object as { id: string }).id === intent.id,
      );
      expect(created).toBeDefined();
      await new Promise((r) => setTimeout(r, 200));
      const posted = received
        .map((r) => JSON.parse(r.body) as Stripe.Event)
        .filter(
          (e) =>
            (e.data.object as { id?: string; payment_intent?: string }).id === intent.id ||
            (e.data.object as { payment_intent?: string }).payment_intent === intent.id,
        )
        .map((e) => e.type);
      expect(posted).toEqual(['payment_intent.succeeded']);
    } finally {
      await emulator.setWebhookEndpoint({ url: receiverUrl, secret });
    }
  });
});
