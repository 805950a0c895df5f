import type { PaymentDisputeClosedPayload, PaymentDisputedPayload } from '@paymarket/contracts';
import type { OutgoingEmail } from '../email/mailer.js';
import { formatMoney } from '../payments/money.js';

export type DisputeParty = 'seller' | 'provider';

function shareLine(d: PaymentDisputedPayload, party: DisputeParty): string[] {
  const share = d.shares.find((s) => s.party === party);
  return share ? [`Your share of the disputed amount: ${formatMoney(share.amountMinor, d.currency)}`] : [];
}

/** payment.disputed → the seller and the print provider paid by the order, each with its share. */
export function disputeOpenedEmail(d: PaymentDisputedPayload, to: string, name: string, party: DisputeParty = 'seller'): OutgoingEmail {
  return {
    to,
    subject: `A payment for order ${d.orderId} is disputed`,
    text: [
      `Hi ${name},`,
      '',
      `The cardholder disputed the payment for order ${d.orderId} (${formatMoney(d.totalMinor, d.currency)}), reason: ${d.reason.replace(/_/g, ' ')}.`,
      `${formatMoney(d.disputedMinor, d.currency)} is held by the card network until the dispute is decided, and the order cannot be refunded meanwhile.`,
      ...shareLine(d, party),
      '',
      'PayMarket answers the card network with the order details; we will email you when the dispute is decided.',
      '',
      'The PayMarket team',
    ].join('\n'),
    html: null,
  };
}

export function disputeClosedEmail(
  d: PaymentDisputeClosedPayload,
  to: string,
  name: string,
  party: DisputeParty = 'seller',
): OutgoingEmail {
  return {
    to,
    subject: `The dispute on order ${d.orderId} was ${d.outcome}`,
    text: [
      `Hi ${name},`,
      '',
      d.outcome === 'won'
        ? `The dispute on order ${d.orderId} was decided in our favour: the ${formatMoney(d.disputedMinor, d.currency)} came back and nothing changes for you.`
        : `The dispute on order ${d.orderId} was lost: the card network returned ${formatMoney(d.disputedMinor, d.currency)} to the cardholder.`,
      ...shareLine(d, party),
      '',
      'The PayMarket team',
    ].join('\n'),
    html: null,
  };
}
