import type Stripe from 'stripe';
import { Errors } from '../errors.js';
import type { Route } from '../http/context.js';
import { listResponse } from '../http/list.js';
import { allowOnly, metadataParam, optionalInteger, optionalString, requiredInteger, requiredString } from '../http/params.js';
import { nowSeconds, stripeId } from '../ids.js';
import { checkCurrency, checkPositive, formatAmount } from '../money.js';
import type { EmulatorState } from '../state.js';

function getTransfer(state: EmulatorState, id: string): Stripe.Transfer {
  const transfer = state.transfers.get(id);
  if (!transfer) throw Errors.resourceMissing('transfer', id);
  return transfer;
}

/** What the platform can still send: captured charges less refunds, less transfers not reversed (per currency). */
function platformAvailable(state: EmulatorState, currency: string): number {
  let available = 0;
  for (const charge of state.charges.values()) {
    if (charge.status === 'succeeded' && charge.currency === currency) available += charge.amount - charge.amount_refunded;
  }
  for (const transfer of state.transfers.values()) {
    if (transfer.currency === currency) available -= transfer.amount - transfer.amount_reversed;
  }
  return available;
}

export const transferRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/transfers',
    handler: ({ state, params, request }) => {
      allowOnly(params, [
        'amount',
        'currency',
        'destination',
        'transfer_group',
        'source_transaction',
        'description',
        'metadata',
        'source_type',
      ]);
      const amount = requiredInteger(params, 'amount');
      checkPositive(amount);
      const currency = checkCurrency(requiredString(params, 'currency'));
      const destinationId = requiredString(params, 'destination');
      const destination = state.accounts.get(destinationId);
      if (!destination) throw Errors.resourceMissing('destination', destinationId, 'destination');
      if (destination.capabilities?.transfers !== 'active') {
        throw Errors.invalidParam(
          'destination',
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          'insufficient_capabilities_for_transfer',
        );
      }
      const sourceId = optionalString(params, 'source_transaction');
      if (sourceId !== undefined) {
        const source = state.charges.get(sourceId);
        if (!source) throw Errors.resourceMissing('charge', sourceId, 'source_transaction');
        if (source.status !== 'succeeded') {
          throw Errors.invalidParam('source_transaction', `The source_transaction ${sourceId} has not succeeded.`);
        }
        if (source.currency !== currency) {
          throw Errors.invalidParam(
            'currency',
            `The currency of source_transaction's balance transaction (${source.currency}) must be the same as the transfer currency (${currency}).`,
          );
        }
        // Funds of a charge can be transferred once: what was refunded or already sent is no longer available.
        const alreadySent = [...state.transfers.values()]
          .filter((t) => t.source_transaction === sourceId)
          .reduce((sum, t) => sum + t.amount - t.amount_reversed, 0);
        const left = source.amount - source.amount_refunded - alreadySent;
        if (amount > left) {
          throw Errors.invalidParam(
            'amount',
            `Insufficient funds in source_transaction ${sourceId}: ${formatAmount(left, currency)} is available for transfers, but this transfer is ${formatAmount(amount, currency)}.`,
            'balance_insufficient',
          );
        }
      } else if (amount > platformAvailable(state, currency)) {
        throw Errors.invalidParam(
          'amount',
          'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance',
          'balance_insufficient',
        );
      }
      const id = stripeId('tr');
      const transfer: Stripe.Transfer = {
        id,
        object: 'transfer',
        amount,
        amount_reversed: 0,
        balance_transaction: stripeId('txn'),
        created: nowSeconds(),
        currency,
        description: optionalString(params, 'description') ?? null,
        destination: destinationId,
        destination_payment: stripeId('py'),
        livemode: false,
        metadata: metadataParam(params),
        reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
        reversed: false,
        source_transaction: sourceId ?? null,
        source_type: 'card',
        transfer_group: optionalString(params, 'transfer_group') ?? null,
      };
      state.transfers.set(id, transfer);
      state.emit('transfer.created', transfer, request);
      return transfer;
    },
  },
  {
    method: 'GET',
    path: '/v1/transfers',
    handler: ({ state, params }) => {
      allowOnly(params, ['limit', 'starting_after', 'ending_before', 'destination', 'transfer_group', 'created']);
      const destination = optionalString(params, 'destination');
      const group = optionalString(params, 'transfer_group');
      const transfers = [...state.transfers.values()].filter(
        (t) => (!destination || t.destination === destination) && (!group || t.transfer_group === group),
      );
      return listResponse(transfers, params, '/v1/transfers');
    },
  },
  {
    method: 'GET',
    path: '/v1/transfers/:id',
    handler: ({ state, path }) => getTransfer(state, path.id),
  },
  {
    method: 'POST',
    path: '/v1/transfers/:id/reversals',
    handler: ({ state, params, path, request }) => {
      allowOnly(params, ['amount', 'description', 'metadata', 'refund_application_fee']);
      const transfer = getTransfer(state, path.id);
      const remaining = transfer.amount - transfer.amount_reversed;
      if (remaining <= 0)
        throw Errors.invalidParam('amount', `Transfer ${transfer.id} has already been fully reversed.`, 'transfer_already_reversed');
      const amount = optionalInteger(params, 'amount') ?? remaining;
      checkPositive(amount);
      if (amount > remaining) {
        throw Errors.invalidParam(
          'amount',
          `Transfer reversal amount (${formatAmount(amount, '')}) is greater than the amount left on the transfer (${formatAmount(remaining, '')})`,
          'amount_too_large',
        );
      }
      const reversal: Stripe.TransferReversal = {
        id: stripeId('trr'),
        object: 'transfer_reversal',
        amount,
        balance_transaction: stripeId('txn'),
        created: nowSeconds(),
        currency: transfer.currency,
        destination_payment_refund: stripeId('pyr'),
        metadata: metadataParam(params),
        source_refund: null,
        transfer: transfer.id,
      };
      const previous = { amount_reversed: transfer.amount_reversed, reversed: transfer.reversed };
      transfer.amount_reversed += amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      transfer.reversals.data.unshift(reversal);
      state.emit('transfer.reversed', transfer, request, previous);
      return reversal;
    },
  },
  {
    method: 'GET',
    path: '/v1/transfers/:id/reversals',
    handler: ({ state, params, path }) => {
      allowOnly(params, ['limit', 'starting_after', 'ending_before']);
      const transfer = getTransfer(state, path.id);
      return listResponse([...transfer.reversals.data].reverse(), params, `/v1/transfers/${transfer.id}/reversals`);
    },
  },
];
