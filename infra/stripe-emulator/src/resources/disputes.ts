import type Stripe from 'stripe';
import { Errors } from '../errors.js';
import type { Route } from '../http/context.js';
import { listResponse } from '../http/list.js';
import { allowOnly, metadataParam, optionalBoolean, optionalObject, optionalString } from '../http/params.js';
import { nowSeconds, stripeId } from '../ids.js';
import type { EmulatorState, RequestContext } from '../state.js';

/** Stripe's test-mode evidence texts: submitting one decides the dispute (https://docs.stripe.com/testing#disputes). */
const WINNING_EVIDENCE = 'winning_evidence';
const LOSING_EVIDENCE = 'losing_evidence';
const OPEN: readonly string[] = ['needs_response', 'under_review', 'warning_needs_response', 'warning_under_review'];

export function getDispute(state: EmulatorState, id: string): Stripe.Dispute {
  const dispute = state.disputes.get(id);
  if (!dispute) throw Errors.resourceMissing('dispute', id, 'dispute');
  return dispute;
}

/**
 * What Stripe's test mode does after a charge with a dispute test card (4000 0000 0000 0259 and friends) succeeds:
 * the charge is disputed for its full amount, `charge.dispute.created` is sent, and the disputed amount leaves the
 * platform balance. The dispute then waits for evidence (POST /v1/disputes/:id) or for the platform to accept it
 * (POST /v1/disputes/:id/close).
 */
export function openDispute(state: EmulatorState, charge: Stripe.Charge, reason: string, request: RequestContext | null): Stripe.Dispute {
  const now = nowSeconds();
  const dispute = {
    id: stripeId('dp'),
    object: 'dispute',
    amount: charge.amount - charge.amount_refunded,
    balance_transactions: [],
    charge: charge.id,
    created: now,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: { uncategorized_text: null, product_description: null },
    evidence_details: { due_by: now + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0, enhanced_eligibility: {} },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null),
    reason,
    status: 'needs_response',
  } as unknown as Stripe.Dispute;
  state.disputes.set(dispute.id, dispute);
  charge.disputed = true;
  state.emit('charge.dispute.created', dispute, request);
  return dispute;
}

function close(state: EmulatorState, dispute: Stripe.Dispute, status: 'won' | 'lost', request: RequestContext): Stripe.Dispute {
  const previous = { status: dispute.status };
  dispute.status = status;
  state.emit('charge.dispute.updated', dispute, request, previous);
  state.emit('charge.dispute.closed', dispute, request);
  return dispute;
}

export const disputeRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/disputes',
    handler: ({ state, params }) => {
      allowOnly(params, ['charge', 'payment_intent', 'limit', 'starting_after', 'ending_before', 'expand', 'created']);
      const charge = optionalString(params, 'charge');
      const paymentIntent = optionalString(params, 'payment_intent');
      const disputes = [...state.disputes.values()].filter(
        (d) => (!charge || d.charge === charge) && (!paymentIntent || d.payment_intent === paymentIntent),
      );
      return listResponse(disputes, params, '/v1/disputes');
    },
  },
  {
    method: 'GET',
    path: '/v1/disputes/:id',
    handler: ({ state, path }) => structuredClone(getDispute(state, path.id!)),
  },
  {
    // Evidence: in test mode `winning_evidence` wins and `losing_evidence` loses once submitted.
    method: 'POST',
    path: '/v1/disputes/:id',
    handler: ({ state, params, path, request }) => {
      allowOnly(params, ['evidence', 'submit', 'metadata']);
      const dispute = getDispute(state, path.id!);
      const evidence = optionalObject(params, 'evidence') ?? {};
      const text = typeof evidence.uncategorized_text === 'string' ? evidence.uncategorized_text : null;
      if (params.metadata !== undefined) dispute.metadata = metadataParam(params);
      if (text !== null) (dispute.evidence as { uncategorized_text: string | null }).uncategorized_text = text;
      const submit = optionalBoolean(params, 'submit') ?? true;
      if (!submit || !OPEN.includes(dispute.status)) return structuredClone(dispute);
      if (text === WINNING_EVIDENCE) return structuredClone(close(state, dispute, 'won', request));
      if (text === LOSING_EVIDENCE) return structuredClone(close(state, dispute, 'lost', request));
      const previous = { status: dispute.status };
      dispute.status = 'under_review';
      state.emit('charge.dispute.updated', dispute, request, previous);
      return structuredClone(dispute);
    },
  },
  {
    // Accepting the dispute: the platform gives up, the dispute is lost.
    method: 'POST',
    path: '/v1/disputes/:id/close',
    handler: ({ state, path, request }) => {
      const dispute = getDispute(state, path.id!);
      if (!OPEN.includes(dispute.status)) {
        throw Errors.invalidParam('dispute', `This dispute is already closed (status: ${dispute.status}).`);
      }
      return structuredClone(close(state, dispute, 'lost', request));
    },
  },
];
