import type Stripe from 'stripe';
import { Errors } from '../errors.js';
import type { Route } from '../http/context.js';
import { listResponse } from '../http/list.js';
import { allowOnly, metadataParam, optionalInteger, optionalString } from '../http/params.js';
import { nowSeconds, stripeId } from '../ids.js';
import { checkPositive, formatAmount } from '../money.js';
import { getPaymentIntent } from './payment-intents.js';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

export const refundRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/refunds',
    handler: ({ state, params, request }) => {
      allowOnly(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'instructions_email']);
      const paymentIntentId = optionalString(params, 'payment_intent');
      const chargeId = optionalString(params, 'charge');
      if (!paymentIntentId && !chargeId)
        throw Errors.invalidParam(
          'charge',
          'One of the following params should be provided for this request: payment_intent or charge.',
          'parameter_missing',
        );
      let charge: Stripe.Charge | undefined;
      if (paymentIntentId) {
        const intent = getPaymentIntent(state, paymentIntentId, 'payment_intent').intent;
        if (intent.status !== 'succeeded' || typeof intent.latest_charge !== 'string') {
          throw Errors.invalidParam(
            'payment_intent',
            `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
            'charge_not_refundable',
          );
        }
        if (chargeId && chargeId !== intent.latest_charge) {
          throw Errors.invalidParam('charge', `The charge ${chargeId} does not belong to PaymentIntent ${intent.id}.`);
        }
        charge = state.charges.get(intent.latest_charge);
      } else {
        charge = state.charges.get(chargeId!);
        if (!charge) throw Errors.resourceMissing('charge', chargeId!, 'charge');
      }
      if (!charge || charge.status !== 'succeeded') {
        throw Errors.invalidParam(
          'charge',
          `Charge ${charge?.id ?? chargeId} cannot be refunded because it did not succeed.`,
          'charge_not_refundable',
        );
      }
      const remaining = charge.amount - charge.amount_refunded;
      if (remaining <= 0) throw Errors.invalidParam('charge', `Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
      const amount = optionalInteger(params, 'amount') ?? remaining;
      checkPositive(amount);
      if (amount > remaining) {
        throw Errors.invalidParam(
          'amount',
          `Refund amount (${formatAmount(amount, '')}) is greater than unrefunded amount on charge (${formatAmount(remaining, '')})`,
          'amount_too_large',
        );
      }
      const reason = optionalString(params, 'reason');
      if (reason !== undefined && !(REASONS as readonly string[]).includes(reason)) throw Errors.invalidEnum('reason', reason, REASONS);
      const refund: Stripe.Refund = {
        id: stripeId('re'),
        object: 'refund',
        amount,
        balance_transaction: stripeId('txn'),
        charge: charge.id,
        created: nowSeconds(),
        currency: charge.currency,
        customer: null,
        customer_account: null,
        destination_details: {
          card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
          type: 'card',
        },
        metadata: metadataParam(params),
        payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
        payment_method: charge.payment_method,
        reason: (reason ?? null) as Stripe.Refund.Reason | null,
        receipt_number: null,
        source_transfer_reversal: null,
        status: 'succeeded',
        transfer_reversal: null,
      };
      state.refunds.set(refund.id, refund);
      const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      state.emit('refund.created', refund, request);
      state.emit('charge.refunded', charge, request, previous);
      return refund;
    },
  },
  {
    method: 'GET',
    path: '/v1/refunds',
    handler: ({ state, params }) => {
      allowOnly(params, ['limit', 'starting_after', 'ending_before', 'payment_intent', 'charge', 'created']);
      const paymentIntent = optionalString(params, 'payment_intent');
      const charge = optionalString(params, 'charge');
      const refunds = [...state.refunds.values()].filter(
        (r) => (!paymentIntent || r.payment_intent === paymentIntent) && (!charge || r.charge === charge),
      );
      return listResponse(refunds, params, '/v1/refunds');
    },
  },
  {
    method: 'GET',
    path: '/v1/refunds/:id',
    handler: ({ state, path }) => {
      const refund = state.refunds.get(path.id);
      if (!refund) throw Errors.resourceMissing('refund', path.id);
      return refund;
    },
  },
];
