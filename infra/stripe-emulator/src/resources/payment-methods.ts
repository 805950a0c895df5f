import type Stripe from 'stripe';
import { cardFor, luhnValid, TEST_PAYMENT_METHOD_TOKENS } from '../cards.js';
import { Errors, StripeApiError } from '../errors.js';
import type { Route } from '../http/context.js';
import { allowOnly, metadataParam, type Params } from '../http/params.js';
import { nowSeconds, stripeId } from '../ids.js';
import type { EmulatorState, PaymentMethodRecord } from '../state.js';

function cardError(code: string, message: string, param: string): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    code,
    message,
    param,
    doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`,
  });
}

function storeCard(
  state: EmulatorState,
  input: { number: string; expMonth: number; expYear: number; billing?: Params; metadata?: Record<string, string> },
): PaymentMethodRecord {
  const card = cardFor(input.number);
  const billing = input.billing ?? {};
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  const method: Stripe.PaymentMethod = {
    id: stripeId('pm'),
    object: 'payment_method',
    billing_details: { address: null, email: text(billing.email), name: text(billing.name), phone: text(billing.phone), tax_id: null },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: card.country,
      display_brand: card.brand,
      exp_month: input.expMonth,
      exp_year: input.expYear,
      fingerprint: card.number.slice(-8).split('').reverse().join(''),
      funding: card.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: nowSeconds(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: input.metadata ?? {},
    type: 'card',
  };
  const record = { method, card };
  state.paymentMethods.set(method.id, record);
  return record;
}

/** `card[number]`, `card[exp_month]`, … checked like Stripe checks raw card data (402 card errors). */
export function createCardPaymentMethod(state: EmulatorState, data: Params, prefix: string): PaymentMethodRecord {
  const type = data.type;
  if (type === undefined || type === '') throw Errors.missingParam(`${prefix}[type]`);
  if (type !== 'card') throw Errors.invalidEnum(`${prefix}[type]`, type, ['card']);
  const card = data.card;
  if (typeof card !== 'object' || card === null) throw Errors.missingParam(`${prefix}[card]`);
  const fields = card as Params;
  if (typeof fields.token === 'string' && fields.token !== '') {
    throw Errors.invalidParam(
      `${prefix}[card][token]`,
      'Card tokens are not emulated; use a test card number or a pm_card_* PaymentMethod.',
    );
  }
  const number = String(fields.number ?? '').replace(/[\s-]/g, '');
  if (number === '') throw Errors.missingParam(`${prefix}[card][number]`);
  if (!luhnValid(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
  if (fields.exp_month === undefined || fields.exp_month === '') throw Errors.missingParam(`${prefix}[card][exp_month]`);
  if (fields.exp_year === undefined || fields.exp_year === '') throw Errors.missingParam(`${prefix}[card][exp_year]`);
  const expMonth = Number(fields.exp_month);
  let expYear = Number(fields.exp_year);
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  }
  if (!Number.isInteger(expYear)) throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  if (expYear < 100) expYear += 2000;
  const now = new Date();
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (expYear > now.getUTCFullYear() + 50) throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  if (expYear * 12 + expMonth < thisMonth) {
    throw cardError(
      expYear < now.getUTCFullYear() ? 'invalid_expiry_year' : 'invalid_expiry_month',
      expYear < now.getUTCFullYear() ? "Your card's expiration year is invalid." : "Your card's expiration month is invalid.",
      expYear < now.getUTCFullYear() ? 'exp_year' : 'exp_month',
    );
  }
  if (fields.cvc !== undefined && fields.cvc !== '' && !/^\d{3,4}$/.test(String(fields.cvc))) {
    throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
  }
  const billing = typeof data.billing_details === 'object' && data.billing_details !== null ? (data.billing_details as Params) : undefined;
  return storeCard(state, { number, expMonth, expYear, billing, metadata: metadataParam(data) });
}

/** A PaymentMethod id: one created earlier, or one of Stripe's `pm_card_*` test tokens (a fresh PaymentMethod each use). */
export function resolvePaymentMethod(state: EmulatorState, id: string, param = 'payment_method'): PaymentMethodRecord {
  const stored = state.paymentMethods.get(id);
  if (stored) return stored;
  const number = TEST_PAYMENT_METHOD_TOKENS[id];
  if (number) return storeCard(state, { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3 });
  throw Errors.resourceMissing('PaymentMethod', id, param);
}

export const paymentMethodRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/payment_methods',
    handler: ({ state, params }) => {
      allowOnly(params, ['type', 'card', 'billing_details', 'metadata']);
      return createCardPaymentMethod(state, params, 'payment_method').method;
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    handler: ({ state, path }) => {
      const record = state.paymentMethods.get(path.id);
      if (!record) throw Errors.resourceMissing('PaymentMethod', path.id);
      return record.method;
    },
  },
];
