import type {
  QuoteMessagePayload,
  QuoteAcceptedPayload,
  QuoteDeclinedPayload,
  QuotePaidPayload,
  QuoteSentPayload,
  RequestFulfilledPayload,
} from '@paymarket/contracts';
import type { OutgoingEmail } from '../email/mailer.js';
import { formatMoney } from '../payments/money.js';

const SIGN_OFF = ['', 'The PayMarket team'];
const mail = (to: string, subject: string, lines: string[]): OutgoingEmail => ({
  to,
  subject,
  text: [...lines, ...SIGN_OFF].join('\n'),
  html: null,
});

/** quote.sent → the buyer: who quoted, the price, what is included and when. */
export function quoteSentEmail(q: QuoteSentPayload): OutgoingEmail {
  return mail(q.buyerEmail, `New quote from ${q.seller.businessName} on "${q.requestTitle}"`, [
    `Hi ${q.buyerName},`,
    '',
    `${q.seller.businessName} sent you a quote for your request "${q.requestTitle}".`,
    '',
    `Price: ${formatMoney(q.amountMinor, q.currency)} (plus the PayMarket transaction fee)`,
    `Delivery by: ${q.deliveryDate}`,
    ...(q.providerAmountMinor ? [`Includes a print provider's share of ${formatMoney(q.providerAmountMinor, q.currency)}`] : []),
    '',
    'What is included:',
    q.included,
    '',
    'Sign in and open your request on /buyer-requests to accept or decline it.',
  ]);
}

/** quote.accepted → the seller (the buyer learns it from the answer, and gets the receipt once paid). */
export function quoteAcceptedEmail(q: QuoteAcceptedPayload): OutgoingEmail {
  return mail(q.seller.email, `Your quote on "${q.requestTitle}" was accepted`, [
    `Hi ${q.seller.businessName},`,
    '',
    `${q.buyerName} accepted your quote of ${formatMoney(q.amountMinor, q.currency)} for "${q.requestTitle}".`,
    `Order: ${q.orderId}. We will email you again once the buyer has paid it.`,
  ]);
}

export function quoteDeclinedEmail(q: QuoteDeclinedPayload): OutgoingEmail {
  return mail(q.seller.email, `Your quote on "${q.requestTitle}" was declined`, [
    `Hi ${q.seller.businessName},`,
    '',
    `The buyer declined your quote of ${formatMoney(q.amountMinor, q.currency)} for "${q.requestTitle}".`,
    ...(q.reason ? ['', 'Their reason:', q.reason] : []),
  ]);
}

/** quote.paid → the seller: the work can start. */
export function quotePaidEmail(q: QuotePaidPayload): OutgoingEmail {
  return mail(q.seller.email, `"${q.requestTitle}" is paid: you can start`, [
    `Hi ${q.seller.businessName},`,
    '',
    `${q.buyerName} paid ${formatMoney(q.amountMinor, q.currency)} for your quote on "${q.requestTitle}" (order ${q.orderId}).`,
    'Your share is transferred to your payout account.',
  ]);
}

/** request.fulfilled → each other seller who quoted: the buyer went with another offer. */
export function requestFulfilledEmails(r: RequestFulfilledPayload): OutgoingEmail[] {
  return r.otherSellers.map((s) =>
    mail(s.email, `"${r.requestTitle}" went to another seller`, [
      `Hi ${s.businessName},`,
      '',
      `The buyer of "${r.requestTitle}" chose another quote, so your quote is closed. Thank you for quoting.`,
    ]),
  );
}

/** quote.question_asked → the seller; quote.question_answered → the buyer. Addresses stay with PayMarket. */
export function quoteQuestionEmail(q: QuoteMessagePayload): OutgoingEmail {
  return mail(q.seller.email, `A question about your quote on "${q.requestTitle}"`, [
    `Hi ${q.seller.businessName},`,
    '',
    `${q.buyerName} asked about your quote of ${formatMoney(q.amountMinor, q.currency)}:`,
    '',
    q.message,
    '',
    "Answer from the request's quotes page on /buyer-requests.",
  ]);
}

export function quoteAnswerEmail(q: QuoteMessagePayload): OutgoingEmail {
  return mail(q.buyerEmail, `${q.seller.businessName} answered about their quote on "${q.requestTitle}"`, [
    `Hi ${q.buyerName},`,
    '',
    `${q.seller.businessName} answered:`,
    '',
    q.message,
  ]);
}
