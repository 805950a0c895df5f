import type Stripe from 'stripe';
import type { CardOutcome } from '../cards.js';
import { Errors, StripeApiError } from '../errors.js';
import type { Route } from '../http/context.js';
import { listResponse } from '../http/list.js';
import {
  allowOnly,
  metadataParam,
  optionalBoolean,
  optionalObject,
  optionalString,
  optionalStringArray,
  requiredInteger,
  requiredString,
  type Params,
} from '../http/params.js';
import { nowSeconds, randomToken, stripeId } from '../ids.js';
import { checkChargeAmount, checkCurrency } from '../money.js';
import type { EmulatorState, PaymentIntentRecord, PaymentMethodRecord, RequestContext } from '../state.js';
import { openDispute } from './disputes.js';
import { createCardPaymentMethod, resolvePaymentMethod } from './payment-methods.js';

const CONFIRMABLE: readonly Stripe.PaymentIntent.Status[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELABLE: readonly Stripe.PaymentIntent.Status[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;

export function getPaymentIntent(state: EmulatorState, id: string, param = 'id'): PaymentIntentRecord {
  const record = state.paymentIntents.get(id);
  if (!record) throw Errors.resourceMissing('payment_intent', id, param);
  return record;
}

function newCharge(intent: Stripe.PaymentIntent, method: PaymentMethodRecord, outcome: CardOutcome): Stripe.Charge {
  const succeeded = outcome.kind === 'succeed';
  const card = method.method.card!;
  const id = stripeId('ch');
  return {
    id,
    object: 'charge',
    amount: intent.amount,
    amount_captured: succeeded ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: succeeded ? stripeId('txn') : null,
    billing_details: method.method.billing_details,
    calculated_statement_descriptor: 'PAYMARKET',
    captured: succeeded,
    created: nowSeconds(),
    currency: intent.currency,
    customer: null,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: outcome.kind === 'decline' ? outcome.code : null,
    failure_message: outcome.kind === 'decline' ? outcome.message : null,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: succeeded ? 'approved_by_network' : 'declined_by_network',
      reason: outcome.kind === 'decline' ? outcome.declineCode : null,
      risk_level: 'normal',
      risk_score: 20,
      seller_message: succeeded ? 'Payment complete.' : 'The bank did not return any further details with this decline.',
      type: succeeded ? 'authorized' : 'issuer_declined',
    },
    paid: succeeded,
    payment_intent: intent.id,
    payment_method: method.method.id,
    payment_method_details: {
      type: 'card',
      card: {
        amount_authorized: succeeded ? intent.amount : null,
        authorization_code: succeeded ? String(100000 + (intent.created % 900000)) : null,
        brand: card.brand,
        checks: card.checks,
        country: card.country,
        electronic_commerce_indicator: null,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        fingerprint: card.fingerprint,
        funding: card.funding,
        installments: null,
        last4: card.last4,
        mandate: null,
        network: card.brand,
        network_transaction_id: succeeded ? randomToken(15) : null,
        regulated_status: 'unregulated',
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
    },
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: succeeded ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: intent.transfer_group,
  };
}

function succeed(state: EmulatorState, record: PaymentIntentRecord, method: PaymentMethodRecord, request: RequestContext | null): void {
  const intent = record.intent;
  const charge = newCharge(intent, method, { kind: 'succeed' });
  state.charges.set(charge.id, charge);
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  intent.latest_charge = charge.id;
  intent.last_payment_error = null;
  intent.next_action = null;
  delete record.authentication;
  state.emit('charge.succeeded', charge, request);
  state.emit('payment_intent.succeeded', intent, request);
  if (method.card.dispute) openDispute(state, state.charges.get(charge.id)!, method.card.dispute, request);
}

function decline(
  state: EmulatorState,
  record: PaymentIntentRecord,
  method: PaymentMethodRecord,
  outcome: Extract<CardOutcome, { kind: 'decline' }>,
  request: RequestContext | null,
): StripeApiError {
  const intent = record.intent;
  const charge = newCharge(intent, method, outcome);
  state.charges.set(charge.id, charge);
  intent.status = 'requires_payment_method';
  intent.latest_charge = charge.id;
  intent.payment_method = null;
  intent.next_action = null;
  const docUrl = `https://stripe.com/docs/error-codes/${outcome.code.replace(/_/g, '-')}`;
  intent.last_payment_error = {
    type: 'card_error',
    code: outcome.code as Stripe.PaymentIntent.LastPaymentError.Code,
    decline_code: outcome.declineCode,
    message: outcome.message,
    charge: charge.id,
    doc_url: docUrl,
    payment_method: structuredClone(method.method),
    ...(outcome.code === 'incorrect_cvc' ? { param: 'cvc' } : {}),
  };
  state.emit('charge.failed', charge, request);
  state.emit('payment_intent.payment_failed', intent, request);
  return new StripeApiError(402, {
    type: 'card_error',
    code: outcome.code,
    decline_code: outcome.declineCode,
    message: outcome.message,
    charge: charge.id,
    doc_url: docUrl,
    payment_intent: structuredClone(intent),
    payment_method: structuredClone(method.method),
    ...(outcome.code === 'incorrect_cvc' ? { param: 'cvc' } : {}),
  });
}

/** Runs the card through its test outcome. A decline is recorded on the intent and then answered as a 402. */
function confirm(
  state: EmulatorState,
  record: PaymentIntentRecord,
  method: PaymentMethodRecord,
  returnUrl: string | null,
  request: RequestContext,
  baseUrl: string,
): void {
  const intent = record.intent;
  intent.payment_method = method.method.id;
  const outcome = method.card.outcome;
  switch (outcome.kind) {
    case 'succeed':
      succeed(state, record, method, request);
      return;
    case 'decline':
      throw decline(state, record, method, outcome, request);
    case 'authenticate': {
      intent.status = 'requires_action';
      intent.last_payment_error = null;
      const url = `${baseUrl}/emulator/3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret ?? '')}`;
      intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } };
      record.authentication = { returnUrl, paymentMethodId: method.method.id };
      state.emit('payment_intent.requires_action', intent, request);
      return;
    }
  }
}

/** Called by the authentication page: the customer passed or failed 3D Secure. */
export function finishAuthentication(state: EmulatorState, record: PaymentIntentRecord, passed: boolean): void {
  const intent = record.intent;
  const authentication = record.authentication;
  if (intent.status !== 'requires_action' || !authentication) return;
  const method = state.paymentMethods.get(authentication.paymentMethodId)!;
  if (passed) {
    succeed(state, record, method, null);
    return;
  }
  intent.status = 'requires_payment_method';
  intent.next_action = null;
  intent.payment_method = null;
  intent.last_payment_error = {
    type: 'invalid_request_error',
    code: 'payment_intent_authentication_failure',
    doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
    message:
      'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
    payment_method: structuredClone(method.method),
  };
  delete record.authentication;
  state.emit('payment_intent.payment_failed', intent, null);
}

function paymentMethodFromParams(state: EmulatorState, params: Params): PaymentMethodRecord | undefined {
  const id = optionalString(params, 'payment_method');
  const data = optionalObject(params, 'payment_method_data');
  if (id && data) throw Errors.invalidParam('payment_method_data', 'You cannot provide both payment_method and payment_method_data.');
  if (id) return resolvePaymentMethod(state, id);
  if (data) return createCardPaymentMethod(state, data, 'payment_method_data');
  return undefined;
}

function checkReturnUrl(returnUrl: string | undefined): void {
  if (returnUrl !== undefined && !/^[a-z][a-z0-9+.-]*:\/\//i.test(returnUrl)) {
    throw Errors.invalidParam('return_url', 'Not a valid URL', 'url_invalid');
  }
}

function checkPaymentMethodTypes(types: string[] | undefined): void {
  for (const type of types ?? []) {
    if (type !== 'card') {
      throw Errors.invalidParam(
        'payment_method_types',
        `The payment method type "${type}" is invalid. The emulator supports only card payments.`,
        'payment_intent_invalid_parameter',
      );
    }
  }
}

const CONFIRM_PARAMS = [
  'payment_method',
  'payment_method_data',
  'return_url',
  'receipt_email',
  'payment_method_options',
  'off_session',
  'use_stripe_sdk',
  'error_on_requires_action',
];

export const paymentIntentRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/payment_intents',
    handler: ({ state, params, request, baseUrl }) => {
      allowOnly(params, [
        'amount',
        'currency',
        'automatic_payment_methods',
        'payment_method_types',
        'confirm',
        'description',
        'metadata',
        'transfer_group',
        'statement_descriptor',
        'statement_descriptor_suffix',
        'capture_method',
        'confirmation_method',
        ...CONFIRM_PARAMS,
      ]);
      const amount = requiredInteger(params, 'amount');
      const currency = checkCurrency(requiredString(params, 'currency'));
      checkChargeAmount(amount, currency);
      const captureMethod = optionalString(params, 'capture_method') ?? 'automatic';
      if (!['automatic', 'automatic_async'].includes(captureMethod)) {
        throw Errors.invalidParam('capture_method', 'The emulator supports only automatic capture.', 'parameter_invalid_empty');
      }
      const types = optionalStringArray(params, 'payment_method_types');
      checkPaymentMethodTypes(types);
      const automatic = optionalObject(params, 'automatic_payment_methods');
      if (types && automatic) {
        throw Errors.invalidParam(
          'automatic_payment_methods',
          'You may only specify one of these parameters: automatic_payment_methods, payment_method_types.',
        );
      }
      const shouldConfirm = optionalBoolean(params, 'confirm') ?? false;
      const returnUrl = optionalString(params, 'return_url');
      if (returnUrl !== undefined && !shouldConfirm) {
        throw Errors.invalidParam('return_url', 'The parameter return_url can only be passed when confirm is true.');
      }
      checkReturnUrl(returnUrl);
      const method = paymentMethodFromParams(state, params);
      const id = stripeId('pi');
      const intent: Stripe.PaymentIntent = {
        id,
        object: 'payment_intent',
        allowed_payment_method_types: null,
        amount,
        amount_capturable: 0,
        amount_details: { tip: {} },
        amount_received: 0,
        application: null,
        application_fee_amount: null,
        automatic_payment_methods: types ? null : { allow_redirects: 'always', enabled: true },
        canceled_at: null,
        cancellation_reason: null,
        capture_method: captureMethod as Stripe.PaymentIntent.CaptureMethod,
        client_secret: `${id}_secret_${randomToken(25)}`,
        confirmation_method: 'automatic',
        created: nowSeconds(),
        currency,
        customer: null,
        customer_account: null,
        description: optionalString(params, 'description') ?? null,
        excluded_payment_method_types: null,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        managed_payments: null,
        metadata: metadataParam(params),
        next_action: null,
        on_behalf_of: null,
        payment_method: method?.method.id ?? null,
        payment_method_configuration_details: null,
        payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
        payment_method_types: types ?? ['card'],
        payment_record: null,
        processing: null,
        receipt_email: optionalString(params, 'receipt_email') ?? null,
        review: null,
        setup_future_usage: null,
        shipping: null,
        source: null,
        statement_descriptor: optionalString(params, 'statement_descriptor') ?? null,
        statement_descriptor_suffix: optionalString(params, 'statement_descriptor_suffix') ?? null,
        status: method ? 'requires_confirmation' : 'requires_payment_method',
        transfer_data: null,
        transfer_group: optionalString(params, 'transfer_group') ?? null,
      };
      const record: PaymentIntentRecord = { intent };
      state.paymentIntents.set(id, record);
      state.emit('payment_intent.created', intent, request);
      if (shouldConfirm) {
        if (!method) {
          throw Errors.unexpectedState(
            "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method or ConfirmationToken.",
            structuredClone(intent),
          );
        }
        confirm(state, record, method, returnUrl ?? null, request, baseUrl);
      }
      return intent;
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents',
    handler: ({ state, params }) => {
      allowOnly(params, ['limit', 'starting_after', 'ending_before', 'created', 'customer']);
      return listResponse(
        [...state.paymentIntents.values()].map((r) => r.intent),
        params,
        '/v1/payment_intents',
      );
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    handler: ({ state, params, path }) => {
      allowOnly(params, ['client_secret']);
      return getPaymentIntent(state, path.id).intent;
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id',
    handler: ({ state, params, path }) => {
      allowOnly(params, ['description', 'metadata', 'receipt_email', 'transfer_group', 'payment_method', 'amount']);
      const record = getPaymentIntent(state, path.id);
      const intent = record.intent;
      if (!CONFIRMABLE.includes(intent.status)) {
        if (params.amount !== undefined || params.payment_method !== undefined || params.transfer_group !== undefined) {
          throw Errors.unexpectedState(
            `You cannot update this PaymentIntent because it has a status of ${intent.status}.`,
            structuredClone(intent),
          );
        }
      }
      if (params.amount !== undefined) {
        const amount = requiredInteger(params, 'amount');
        checkChargeAmount(amount, intent.currency);
        intent.amount = amount;
      }
      const description = optionalString(params, 'description');
      if (description !== undefined) intent.description = description;
      const email = optionalString(params, 'receipt_email');
      if (email !== undefined) intent.receipt_email = email;
      const group = optionalString(params, 'transfer_group');
      if (group !== undefined) intent.transfer_group = group;
      intent.metadata = metadataParam(params, intent.metadata);
      const methodId = optionalString(params, 'payment_method');
      if (methodId !== undefined) {
        intent.payment_method = resolvePaymentMethod(state, methodId).method.id;
        intent.status = 'requires_confirmation';
      }
      return intent;
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/confirm',
    handler: ({ state, params, path, request, baseUrl }) => {
      allowOnly(params, ['client_secret', ...CONFIRM_PARAMS]);
      const record = getPaymentIntent(state, path.id);
      const intent = record.intent;
      if (intent.status === 'succeeded') {
        throw Errors.unexpectedState(
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
          structuredClone(intent),
        );
      }
      if (!CONFIRMABLE.includes(intent.status)) {
        throw Errors.unexpectedState(
          `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
          structuredClone(intent),
        );
      }
      const returnUrl = optionalString(params, 'return_url');
      checkReturnUrl(returnUrl);
      const email = optionalString(params, 'receipt_email');
      if (email !== undefined) intent.receipt_email = email;
      const method =
        paymentMethodFromParams(state, params) ??
        (typeof intent.payment_method === 'string' ? resolvePaymentMethod(state, intent.payment_method) : undefined);
      if (!method) {
        throw Errors.unexpectedState(
          "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method or ConfirmationToken.",
          structuredClone(intent),
        );
      }
      confirm(state, record, method, returnUrl ?? null, request, baseUrl);
      return intent;
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/cancel',
    handler: ({ state, params, path, request }) => {
      allowOnly(params, ['cancellation_reason']);
      const record = getPaymentIntent(state, path.id);
      const intent = record.intent;
      const reason = optionalString(params, 'cancellation_reason');
      if (reason !== undefined && !(CANCELLATION_REASONS as readonly string[]).includes(reason)) {
        throw Errors.invalidEnum('cancellation_reason', reason, CANCELLATION_REASONS);
      }
      if (!CANCELABLE.includes(intent.status)) {
        throw Errors.unexpectedState(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
          structuredClone(intent),
        );
      }
      intent.status = 'canceled';
      intent.canceled_at = nowSeconds();
      intent.cancellation_reason = (reason ?? null) as Stripe.PaymentIntent.CancellationReason | null;
      intent.next_action = null;
      delete record.authentication;
      state.emit('payment_intent.canceled', intent, request);
      return intent;
    },
  },
  {
    method: 'GET',
    path: '/v1/charges',
    handler: ({ state, params }) => {
      allowOnly(params, ['limit', 'starting_after', 'ending_before', 'payment_intent', 'transfer_group', 'created', 'customer']);
      const paymentIntent = optionalString(params, 'payment_intent');
      const group = optionalString(params, 'transfer_group');
      const charges = [...state.charges.values()].filter(
        (c) => (!paymentIntent || c.payment_intent === paymentIntent) && (!group || c.transfer_group === group),
      );
      return listResponse(charges, params, '/v1/charges');
    },
  },
  {
    method: 'GET',
    path: '/v1/charges/:id',
    handler: ({ state, path }) => {
      const charge = state.charges.get(path.id);
      if (!charge) throw Errors.resourceMissing('charge', path.id);
      return charge;
    },
  },
];
