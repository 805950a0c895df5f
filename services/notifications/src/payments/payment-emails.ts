import type { PaymentFailedPayload, PaymentPayload, PaymentRecipientLine, PaymentRefundedPayload } from '@paymarket/contracts';
import type { OutgoingEmail } from '../email/mailer.js';
import { formatMoney, formatReceiptDate } from './money.js';

const SIGNATURE = ['', 'The PayMarket team'];

const PARTY_LABEL: Record<PaymentRecipientLine['party'], string> = { seller: 'the seller', provider: 'the print provider' };

function greeting(payment: PaymentPayload): string {
  return `Hi ${payment.buyerName?.trim() || 'there'},`;
}

/** A white-label marketplace's share (ADR 0051) as its own line, e.g. "Craft Hub marketplace fee: $2.50 USD". */
function marketplaceLines(payment: PaymentPayload): string[] {
  const share = payment.marketplace;
  return share ? [`${share.name} marketplace fee: ${formatMoney(share.amountMinor, payment.currency)}`] : [];
}

function orderLines(payment: PaymentPayload, occurredAt: string): string[] {
  return [
    `Order: ${payment.orderId}`,
    ...(payment.description ? [`Description: ${payment.description}`] : []),
    `Date: ${formatReceiptDate(occurredAt)}`,
    `Payment reference: ${payment.paymentIntentId}`,
  ];
}

/**
 * The buyer's receipt for a captured payment (ADR 0031): what was paid to whom, PayMarket's fee and the total.
 * Null when the order has no buyer email. Never any card detail: the events carry none.
 */
export function paymentReceiptEmail(payment: PaymentPayload, occurredAt: string): OutgoingEmail | null {
  if (!payment.buyerEmail) return null;
  const money = (minor: string) => formatMoney(minor, payment.currency);
  return {
    to: payment.buyerEmail,
    subject: `Your PayMarket receipt for order ${payment.orderId}`,
    text: [
      greeting(payment),
      '',
      'Thank you for your payment. This is your receipt.',
      '',
      ...orderLines(payment, occurredAt),
      '',
      // Events queued before ADR 0031 carry no breakdown: the receipt then shows the total only.
      ...(payment.recipients ?? []).map((r) => `Paid to ${r.displayName ?? PARTY_LABEL[r.party]}: ${money(r.amountMinor)}`),
      ...marketplaceLines(payment),
      ...(payment.feeMinor ? [`PayMarket fee: ${money(payment.feeMinor)}`] : []),
      `Total charged: ${money(payment.totalMinor)}`,
      '',
      'Keep this email for your records. You can also find the order in your Order History.',
      ...SIGNATURE,
    ].join('\n'),
    html: null,
  };
}

/** The buyer's notice for a refund: this refund, the total refunded so far, and whether it is now in full. */
export function paymentRefundedEmail(refund: PaymentRefundedPayload, occurredAt: string): OutgoingEmail | null {
  if (!refund.buyerEmail) return null;
  const money = (minor: string) => formatMoney(minor, refund.currency);
  const full = BigInt(refund.refundedTotalMinor) >= BigInt(refund.totalMinor);
  const remaining = BigInt(refund.totalMinor) - BigInt(refund.refundedTotalMinor);
  return {
    to: refund.buyerEmail,
    subject: full ? `Your payment for order ${refund.orderId} was refunded` : `A partial refund for order ${refund.orderId}`,
    text: [
      greeting(refund),
      '',
      full
        ? `Your payment for order ${refund.orderId} has been refunded in full.`
        : `Part of your payment for order ${refund.orderId} has been refunded.`,
      '',
      ...orderLines(refund, occurredAt),
      '',
      `Refunded now: ${money(refund.refundedMinor)}`,
      `Refunded in total: ${money(refund.refundedTotalMinor)} of ${money(refund.totalMinor)}`,
      ...(full ? [] : [`Still charged: ${formatMoney(remaining, refund.currency)}`]),
      // Each part of the payment gives back its share in proportion, the marketplace's fee included (ADR 0051).
      ...(refund.marketplace ? ['', `The order's parts are refunded in proportion, including the ${marketplaceLines(refund)[0]}.`] : []),
      '',
      'The refund goes back to the card you paid with; your bank may take 5-10 business days to show it.',
      ...SIGNATURE,
    ].join('\n'),
    html: null,
  };
}

/** A short note when a payment fails, with the reason and a link back to the page the buyer paid on. */
export function paymentFailedEmail(failure: PaymentFailedPayload, publicUrl: string): OutgoingEmail | null {
  if (!failure.buyerEmail) return null;
  const page = failure.kind === 'direct' ? '/direct-payment' : '/payment';
  const link = `${publicUrl.replace(/\/+$/, '')}${page}`;
  return {
    to: failure.buyerEmail,
    subject: `Your payment for order ${failure.orderId} did not go through`,
    text: [
      greeting(failure),
      '',
      `Your payment of ${formatMoney(failure.totalMinor, failure.currency)} for order ${failure.orderId} did not go through.`,
      `Reason: ${failure.reason?.trim() || 'The payment could not be completed.'}`,
      'You have not been charged.',
      '',
      `To try again with another card, go to ${link}`,
      ...SIGNATURE,
    ].join('\n'),
    html: null,
  };
}
