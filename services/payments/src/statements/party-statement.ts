import type { PaymentCurrency, StatementLine, StatementTotal } from '@paymarket/contracts';
import { apportion } from '../fees/apportion.js';
import type { StoredSplit } from '../orders/order.entity.js';
import type { RefundAllocation } from '../refunds/refund.entity.js';

/** What the statement is computed from: one paid order with its refunds and disputes. */
export interface StatementOrder {
  orderId: string;
  status: string;
  currency: PaymentCurrency;
  total: bigint;
  fee: bigint;
  refunded: bigint;
  split: StoredSplit;
  paidAt: Date;
  refunds: RefundAllocation[][];
  disputes: Array<{ status: string; amount: bigint }>;
}

const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
const OPEN_DISPUTE = (status: string) => status !== 'won' && status !== 'lost';

/** Whose statement: the order's seller, its print provider (ADR 0047), or its white-label marketplace (ADR 0051). */
export type StatementParty = 'seller' | 'provider' | 'marketplace';

/** A party's lines and totals; the caller adds who it is (`sellerId`, `providerId`, the payout account). */
export interface PartyStatement {
  from: string | null;
  to: string | null;
  lines: StatementLine[];
  totals: StatementTotal[];
}

/**
 * A party's part of a disputed amount: proportional to its line among the payees' — recipients and the marketplace,
 * everyone but PayMarket — as payment.disputed says.
 */
function partOf(split: StoredSplit, disputed: bigint, party: StatementParty): bigint {
  const lines = split.lines.filter((l) => l.party !== 'platform');
  const total = sum(lines.map((l) => BigInt(l.amount)));
  const borne = disputed < total ? disputed : total;
  const parts = apportion(
    borne,
    lines.map((l) => BigInt(l.amount)),
  );
  return sum(parts.filter((_, i) => lines[i]!.party === party));
}

/**
 * A seller's (ADR 0045), print provider's (ADR 0047) or marketplace's (ADR 0051) statement, pure: each paid order with the party's share, its
 * part of every refund's recorded allocation (transfer reversals), its proportional part of disputes, and totals per
 * month (UTC) and currency. Months are `YYYY-MM`; `from` and `to` are inclusive. The caller passes only orders that
 * pay this party (a seller's by recipient, a provider's by the split line's account, a marketplace's by the order's
 * marketplace).
 */
export function partyStatement(party: StatementParty, orders: StatementOrder[], from: string | null, to: string | null): PartyStatement {
  const lines: StatementLine[] = [];
  for (const o of orders) {
    const month = o.paidAt.toISOString().slice(0, 7);
    if ((from && month < from) || (to && month > to)) continue;
    const share = BigInt(o.split.lines.find((l) => l.party === party)?.amount ?? '0');
    const providerShare = BigInt(o.split.lines.find((l) => l.party === 'provider')?.amount ?? '0');
    const yourRefunds = sum(
      o.refunds
        .flat()
        .filter((a) => a.party === party)
        .map((a) => BigInt(a.amount)),
    );
    const dispute = o.disputes[0] ?? null;
    const yourDisputed = dispute ? partOf(o.split, dispute.amount, party) : 0n;
    const lost = dispute?.status === 'lost' ? yourDisputed : 0n;
    lines.push({
      orderId: o.orderId,
      paidAt: o.paidAt.toISOString(),
      month,
      status: o.status,
      currency: o.currency,
      totalMinor: o.total.toString(),
      feeMinor: o.fee.toString(),
      yourShareMinor: share.toString(),
      providerShareMinor: providerShare.toString(),
      refundedMinor: o.refunded.toString(),
      yourRefundsMinor: yourRefunds.toString(),
      dispute: dispute
        ? { status: dispute.status, disputedMinor: dispute.amount.toString(), yourDisputedMinor: yourDisputed.toString() }
        : null,
      netMinor: (share - yourRefunds - lost).toString(),
    });
  }
  lines.sort((a, b) => (a.paidAt < b.paidAt ? 1 : a.paidAt > b.paidAt ? -1 : 0));

  const totals = new Map<string, StatementTotal & { _: bigint[] }>();
  for (const line of lines) {
    const key = `${line.month}/${line.currency}`;
    const t = totals.get(key) ?? {
      month: line.month,
      currency: line.currency,
      orders: 0,
      yourShareMinor: '0',
      yourRefundsMinor: '0',
      yourHeldMinor: '0',
      yourLostMinor: '0',
      netMinor: '0',
      _: [0n, 0n, 0n, 0n, 0n],
    };
    const held = line.dispute && OPEN_DISPUTE(line.dispute.status) ? BigInt(line.dispute.yourDisputedMinor) : 0n;
    const lost = line.dispute?.status === 'lost' ? BigInt(line.dispute.yourDisputedMinor) : 0n;
    const add = [BigInt(line.yourShareMinor), BigInt(line.yourRefundsMinor), held, lost, BigInt(line.netMinor)];
    t._ = t._.map((v, i) => v + add[i]!);
    t.orders += 1;
    totals.set(key, t);
  }
  return {
    from,
    to,
    lines,
    totals: [...totals.values()]
      .map(({ _: [share, refunds, held, lost, net], ...t }) => ({
        ...t,
        yourShareMinor: share!.toString(),
        yourRefundsMinor: refunds!.toString(),
        yourHeldMinor: held!.toString(),
        yourLostMinor: lost!.toString(),
        netMinor: net!.toString(),
      }))
      .sort((a, b) => (a.month === b.month ? a.currency.localeCompare(b.currency) : a.month < b.month ? 1 : -1)),
  };
}
