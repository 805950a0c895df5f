import type { Party } from '../fees/fee-policy.js';
import { isCurrency } from '../fees/money.js';
import type { OrderEntity, OrderFeeTerms, StoredSplit } from './order.entity.js';

/**
 * What an order's PaymentIntent carries in its Stripe metadata (ADR 0069): enough to rebuild the order row when a
 * database restore lost it (Stripe is the record of what was charged). Stripe allows 50 keys of up to 500
 * characters, so the split travels as one key per line. `order_id` and `order_uuid` are the keys older intents have.
 */
export const ORDER_METADATA_VERSION = '1';
const MAX_VALUE = 500;
const MAX_SPLIT_LINES = 8;

/** The order the restored database no longer has, as its PaymentIntent describes it. */
export type RebuiltOrder = Omit<OrderEntity, 'updatedAt' | 'status' | 'paymentIntentId' | 'latestChargeId' | 'failureMessage' | 'refunded'>;

export class OrderMetadataError extends Error {
  constructor(
    readonly paymentIntentId: string,
    readonly field: string,
    problem: string,
  ) {
    super(`PaymentIntent ${paymentIntentId}: metadata ${field} ${problem}`);
    this.name = 'OrderMetadataError';
  }
}

function clip(value: string): string {
  return value.length > MAX_VALUE ? value.slice(0, MAX_VALUE) : value;
}

/** A split line without the receipt name when the line would not fit in one metadata value. */
function lineValue(line: StoredSplit['lines'][number]): string {
  const full = JSON.stringify(line);
  if (full.length <= MAX_VALUE) return full;
  const { displayName: _dropped, ...rest } = line;
  return JSON.stringify(rest);
}

export function orderMetadata(order: Omit<OrderEntity, 'updatedAt'>): Record<string, string> {
  if (order.split.lines.length > MAX_SPLIT_LINES) throw new RangeError(`order ${order.id} has more than ${MAX_SPLIT_LINES} split lines`);
  const optional = (key: string, value: string | null) => (value === null ? {} : { [key]: clip(value) });
  return {
    order_id: clip(order.orderId),
    order_uuid: order.id,
    pm_order_v: ORDER_METADATA_VERSION,
    order_kind: order.kind,
    order_created_at: order.createdAt.toISOString(),
    amount_minor: order.amount.toString(),
    fee_minor: order.fee.toString(),
    recipient_ref: clip(order.recipientRef),
    ...optional('company_id', order.companyId),
    ...optional('buyer_id', order.buyerId),
    ...optional('buyer_email', order.buyerEmail),
    ...optional('buyer_name', order.buyerName),
    ...optional('description', order.description),
    ...optional('marketplace_id', order.marketplaceId),
    ...optional('fee_terms', order.feeTerms ? JSON.stringify(order.feeTerms) : null),
    ...Object.fromEntries(order.split.lines.map((line, i) => [`split_${i}`, lineValue(line)])),
  };
}

const PARTIES: readonly Party[] = ['platform', 'marketplace', 'seller', 'provider'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads one PaymentIntent's metadata back into an order; throws OrderMetadataError naming the field that is wrong. */
export function orderFromMetadata(intent: {
  id: string;
  amount: bigint;
  currency: string;
  metadata: Record<string, string>;
}): RebuiltOrder {
  const meta = intent.metadata;
  const fail = (field: string, problem: string) => new OrderMetadataError(intent.id, field, problem);
  const required = (field: string) => {
    const value = meta[field];
    if (value === undefined || value === '') throw fail(field, 'is missing');
    return value;
  };
  const uuid = (field: string, value: string | undefined) => {
    if (value !== undefined && !UUID.test(value)) throw fail(field, 'is not a uuid');
    return value ?? null;
  };
  const minor = (field: string) => {
    const value = required(field);
    if (!/^\d+$/.test(value)) throw fail(field, 'is not a whole number of minor units');
    return BigInt(value);
  };
  if (meta.pm_order_v !== ORDER_METADATA_VERSION)
    throw fail('pm_order_v', `is ${meta.pm_order_v ?? 'missing'}, expected ${ORDER_METADATA_VERSION}`);
  const kind = required('order_kind');
  if (kind !== 'order' && kind !== 'direct') throw fail('order_kind', 'is neither order nor direct');
  if (!isCurrency(intent.currency)) throw fail('currency', `${intent.currency} is not one PayMarket charges in`);
  const createdAt = new Date(required('order_created_at'));
  if (Number.isNaN(createdAt.getTime())) throw fail('order_created_at', 'is not a time');
  const amount = minor('amount_minor');
  const fee = minor('fee_minor');
  if (amount + fee !== intent.amount) throw fail('amount_minor', `plus fee_minor is not the PaymentIntent's amount ${intent.amount}`);
  const lines = splitLines(meta, fail);
  checkSplitTotal(lines, intent.amount, fail);
  return {
    id: uuid('order_uuid', required('order_uuid'))!,
    orderId: required('order_id'),
    kind,
    companyId: uuid('company_id', meta.company_id),
    buyerId: uuid('buyer_id', meta.buyer_id),
    buyerEmail: meta.buyer_email ?? null,
    buyerName: meta.buyer_name ?? null,
    description: meta.description ?? null,
    currency: intent.currency,
    amount,
    fee,
    total: intent.amount,
    recipientRef: required('recipient_ref'),
    split: { lines },
    marketplaceId: uuid('marketplace_id', meta.marketplace_id),
    feeTerms: meta.fee_terms ? parseJson<OrderFeeTerms>(meta.fee_terms, 'fee_terms', fail) : null,
    createdAt,
  };
}

function splitLines(meta: Record<string, string>, fail: (field: string, problem: string) => Error): StoredSplit['lines'] {
  const lines: StoredSplit['lines'] = [];
  for (let i = 0; meta[`split_${i}`] !== undefined; i++) {
    const line = parseJson<StoredSplit['lines'][number]>(meta[`split_${i}`]!, `split_${i}`, fail);
    if (!PARTIES.includes(line.party) || typeof line.amount !== 'string' || !/^\d+$/.test(line.amount)) {
      throw fail(`split_${i}`, 'is not a split line');
    }
    lines.push(line);
  }
  if (lines.length === 0) throw fail('split_0', 'is missing');
  return lines;
}

function checkSplitTotal(lines: StoredSplit['lines'], total: bigint, fail: (field: string, problem: string) => Error): void {
  const sum = lines.reduce((a, l) => a + BigInt(l.amount), 0n);
  if (sum !== total) throw fail('split_0', `lines sum to ${sum}, not the PaymentIntent's amount ${total}`);
}

function parseJson<T>(value: string, field: string, fail: (field: string, problem: string) => Error): T {
  try {
    return JSON.parse(value) as T;
  } catch {
    throw fail(field, 'is not JSON');
  }
}
