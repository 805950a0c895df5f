/** What confirming a PaymentIntent with a card does, following Stripe's documented test cards. */
export type CardOutcome =
  { kind: 'succeed' } | { kind: 'authenticate' } | { kind: 'decline'; code: string; declineCode: string; message: string };

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  funding: 'credit' | 'debit';
  country: string;
  outcome: CardOutcome;
  /** Stripe's dispute test cards: the payment succeeds, then the charge is disputed with this reason. */
  dispute?: 'fraudulent' | 'product_not_received';
}

const GENERIC_DECLINE: CardOutcome = {
  kind: 'decline',
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
};

// https://docs.stripe.com/testing — numbers and the outcome Stripe's test mode gives each.
const CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', funding: 'credit', country: 'US', outcome: { kind: 'succeed' } },
  { number: '4000056655665556', brand: 'visa', funding: 'debit', country: 'US', outcome: { kind: 'succeed' } },
  { number: '5555555555554444', brand: 'mastercard', funding: 'credit', country: 'US', outcome: { kind: 'succeed' } },
  { number: '378282246310005', brand: 'amex', funding: 'credit', country: 'US', outcome: { kind: 'succeed' } },
  { number: '4000001240000000', brand: 'visa', funding: 'credit', country: 'CA', outcome: { kind: 'succeed' } },
  { number: '4000000000000002', brand: 'visa', funding: 'credit', country: 'US', outcome: GENERIC_DECLINE },
  { number: '4000000000000259', brand: 'visa', funding: 'credit', country: 'US', outcome: { kind: 'succeed' }, dispute: 'fraudulent' },
  {
    number: '4000000000002685',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: { kind: 'succeed' },
    dispute: 'product_not_received',
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: { kind: 'decline', code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  {
    number: '4000000000009987',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: { kind: 'decline', code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  },
  {
    number: '4000000000009979',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: { kind: 'decline', code: 'card_declined', declineCode: 'stolen_card', message: 'Your card was declined.' },
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: { kind: 'decline', code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' },
  },
  {
    number: '4000000000000127',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: { kind: 'decline', code: 'incorrect_cvc', declineCode: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  },
  {
    number: '4000000000000119',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: {
      kind: 'decline',
      code: 'processing_error',
      declineCode: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
  { number: '4000002500003155', brand: 'visa', funding: 'credit', country: 'US', outcome: { kind: 'authenticate' } },
  { number: '4000002760003184', brand: 'visa', funding: 'credit', country: 'US', outcome: { kind: 'authenticate' } },
  { number: '4000000000003220', brand: 'visa', funding: 'credit', country: 'US', outcome: { kind: 'authenticate' } },
];

/** Stripe's test PaymentMethod tokens, usable with any test key (and by our test-card form against real Stripe). */
export const TEST_PAYMENT_METHOD_TOKENS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_ca: '4000001240000000',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_createDispute: '4000000000000259',
  pm_card_createDisputeProductNotReceived: '4000000000002685',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_authenticationRequired: '4000002500003155',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_threeDSecure2Required: '4000000000003220',
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A Luhn-valid number that is not a test card is treated as a live card, which test mode declines. */
export function cardFor(number: string): TestCard {
  const known = CARDS.find((card) => card.number === number);
  if (known) return known;
  return {
    number,
    brand: number.startsWith('4') ? 'visa' : number.startsWith('3') ? 'amex' : 'mastercard',
    funding: 'credit',
    country: 'US',
    outcome: {
      kind: 'decline',
      code: 'card_declined',
      declineCode: 'test_mode_live_card',
      message:
        'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    },
  };
}
