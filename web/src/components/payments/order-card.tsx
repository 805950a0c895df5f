import type { OrderDispute, OrderSplitLine, OrderView } from '@paymarket/contracts';
import type { ReactElement, ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { decimalToMinor, formatDollars, formatMoney } from '@/lib/money';
import { OrderStatusBadge, statusLabel } from './order-status-badge';

function createdOn(createdAt: string | null | undefined): string {
  if (!createdAt) return 'N/A';
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** A seller's order says "Seller"; the spec's "Print Provider" is kept for orders to print providers. */
export function recipientLabel(order: OrderView): string {
  return order.recipient?.party === 'seller' ? 'Seller' : 'Print Provider';
}

/** The recipient by name; older orders recorded no name and keep the spec's "ID: {printProviderId}". */
export function recipientName(order: OrderView): string {
  return order.recipient?.name ?? `ID: ${order.printProviderId}`;
}

// A won dispute gave the money back; any other status (open, under review, lost) is a warning.
const DISPUTE_CLASS = { won: 'border-green-200 bg-green-100 text-green-800', other: 'border-red-200 bg-red-100 text-red-800' };

/** A card dispute (ADR 0045): its status and the disputed amount, e.g. "Disputed: Needs Response · $83.56 USD". */
export function DisputeBadge({ dispute, currency }: { dispute: OrderDispute; currency: string }): ReactElement {
  return (
    <span
      title={dispute.reason ? `Reason: ${dispute.reason.replace(/_/g, ' ')}` : undefined}
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${dispute.status === 'won' ? DISPUTE_CLASS.won : DISPUTE_CLASS.other}`}
    >
      Disputed: {statusLabel(dispute.status)} · {formatMoney(dispute.amount, currency)}
    </span>
  );
}

/** How a split line is named (ADR 0051): PayMarket's fee, the marketplace's fee by its name, the recipients by role. */
export function splitLabel(line: OrderSplitLine): string {
  switch (line.party) {
    case 'platform':
      return 'PayMarket fee';
    case 'marketplace':
      return `${line.name ?? 'Marketplace'} marketplace fee`;
    case 'seller':
      return line.name ? `Seller · ${line.name}` : 'Seller';
    case 'provider':
      return line.name ? `Print Provider · ${line.name}` : 'Print Provider';
  }
}

/** Who gets what of the total, as the order was split when it was made; the lines sum to the total. */
export function OrderSplit({ order }: { order: OrderView }): ReactElement | null {
  if (!order.split?.length) return null;
  return (
    <section aria-label="Split" className="mt-4 rounded-md border bg-muted/30 p-3 text-sm">
      <h3 className="text-muted-foreground">Who gets what{order.marketplace ? ` · via ${order.marketplace.name}` : ''}</h3>
      <ul className="mt-1 space-y-1">
        {order.split.map((line) => (
          <li key={line.party} className="flex justify-between gap-3">
            <span className="break-all">{splitLabel(line)}</span>
            <span className="font-medium tabular-nums">{formatDollars(line.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One order as the spec's Order History card shows it (§2), with who it pays by name and what the buyer paid (amount,
 * fee, total), plus the buyer and refunds for administrators.
 */
export function OrderCard({
  order,
  showBuyer = false,
  actions,
}: {
  order: OrderView;
  showBuyer?: boolean;
  actions?: ReactNode;
}): ReactElement {
  const refunded = decimalToMinor(order.refunded) ?? 0;
  return (
    <Card className="p-5">
      <article aria-label={`Order ${order.orderId}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="font-semibold break-all">{order.orderId}</h2>
            <p className="text-sm text-muted-foreground">Created on {createdOn(order.createdAt)}</p>
          </div>
          <OrderStatusBadge status={order.status} />
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <div className="col-span-2">
            <dt className="text-muted-foreground">{recipientLabel(order)}</dt>
            <dd className="font-medium break-all">{recipientName(order)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Currency</dt>
            <dd className="font-medium">{order.currency.toUpperCase()}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="font-medium tabular-nums">{formatDollars(order.amount)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Transaction Fee</dt>
            <dd className="font-medium tabular-nums">{formatDollars(order.fee)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Total</dt>
            <dd className="font-semibold tabular-nums">{formatDollars(order.total)}</dd>
          </div>
          {refunded > 0 && (
            <div>
              <dt className="text-muted-foreground">Refunded</dt>
              <dd className="font-medium tabular-nums">{formatDollars(order.refunded)}</dd>
            </div>
          )}
          {order.dispute && (
            <div className="col-span-2">
              <dt className="text-muted-foreground">Dispute</dt>
              <dd>
                <DisputeBadge dispute={order.dispute} currency={order.currency} />
              </dd>
            </div>
          )}
          {showBuyer && (
            <div className="col-span-2">
              <dt className="text-muted-foreground">Buyer</dt>
              <dd className="font-medium break-all">{order.buyerEmail ?? 'N/A'}</dd>
            </div>
          )}
          {order.stripePaymentIntentId !== null && order.stripePaymentIntentId !== '' && (
            <div className="col-span-2 sm:col-span-4">
              <dt className="text-muted-foreground">Payment Intent</dt>
              <dd className="font-mono text-xs break-all">{order.stripePaymentIntentId}</dd>
            </div>
          )}
        </dl>
        <OrderSplit order={order} />
        {actions !== undefined && <div className="mt-4 flex justify-end gap-2">{actions}</div>}
      </article>
    </Card>
  );
}
