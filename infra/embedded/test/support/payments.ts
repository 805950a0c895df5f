import type pg from 'pg';
import request from 'supertest';
import type { PaymentIntentResponse, RegisterSellerResponse } from '@paymarket/contracts';
import { eventually } from '@paymarket/platform/testing';

/** The Stripe emulator's test card that always succeeds. */
export const TEST_CARD = '4242 4242 4242 4242';

/** What a buyer sends to /api/orders and /api/create-payment-intent. */
export interface OrderBody {
  orderId: string;
  amount: string;
  currency: string;
  printProviderStripeAccountId: string;
}

/** The Maple Ink letterpress studio's registration form, with `overrides` (a unique `email` at least). */
export function sellerProfile(overrides: Record<string, unknown> & { email: string }): Record<string, unknown> {
  return {
    businessName: 'Maple Ink',
    sellerName: 'Lou Tremblay',
    phone: '4165550100',
    category: 'printing',
    description: 'Letterpress and risograph studio: wedding suites, business cards and small art editions.',
    products: 'Letterpress cards, riso prints',
    pricing: 'From $40 per 100 cards',
    location: 'Montreal, QC',
    ...overrides,
  };
}

/** Registers a seller with `profile` (expecting 201): its edit token and profile. */
export async function registerSeller(url: string, ip: () => string, profile: Record<string, unknown>): Promise<RegisterSellerResponse> {
  return (await request(url).post('/api/register-seller').set('x-forwarded-for', ip()).send(profile).expect(201))
    .body as RegisterSellerResponse;
}

/** Orders `body` as the buyer of `cookie` (with `description`, if given) and creates its payment intent. */
export async function orderAndIntent(url: string, cookie: string, body: OrderBody, description?: string): Promise<PaymentIntentResponse> {
  await request(url)
    .post('/api/orders')
    .set('cookie', cookie)
    .send(description === undefined ? body : { ...body, description })
    .expect(201);
  return (await request(url).post('/api/create-payment-intent').set('cookie', cookie).send(body).expect(200)).body as PaymentIntentResponse;
}

/** Pays a payment intent with an emulator test card as the buyer of `cookie`; the caller checks the answer. */
export function payWithTestCard(url: string, cookie: string, paymentIntentId: string, cardNumber = TEST_CARD): request.Test {
  return request(url)
    .post(`/api/payments/${paymentIntentId}/test-card`)
    .set('cookie', cookie)
    .send({ cardNumber, expiry: '12/34', cvc: '123' });
}

/** Orders `body`, creates its intent and pays it with `cardNumber` (expecting 200): the intent. */
export async function orderAndPay(
  url: string,
  cookie: string,
  body: OrderBody,
  cardNumber = TEST_CARD,
  description?: string,
): Promise<PaymentIntentResponse> {
  const intent = await orderAndIntent(url, cookie, body, description);
  await payWithTestCard(url, cookie, intent.paymentIntentId, cardNumber).expect(200);
  return intent;
}

/** Waits until payments has stored a Stripe webhook event of `type` (the emulator's signed webhook arrived). */
export async function stripeEventArrived(db: pg.Client, type = 'payment_intent.succeeded'): Promise<void> {
  await eventually(
    async () => {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM payments.stripe_events WHERE type = $1`, [type]);
      return rows[0].n > 0 ? true : undefined;
    },
    10_000,
    'the webhook',
  );
}
