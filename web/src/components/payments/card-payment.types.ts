import type { PaymentStatusView } from '@paymarket/contracts';

/** What both card forms (test cards and Stripe Elements) need and report. */
export interface CardFormProps {
  paymentIntentId: string;
  clientSecret: string;
  /** Page to come back to after an authentication redirect (/payment or /direct-payment). */
  returnTo: string;
  /** Text of the pay button, e.g. "Pay $103.56 USD". */
  payLabel: string;
  /** The card provider reports success; the page re-checks with the server and shows its success state. */
  onSucceeded: () => Promise<void> | void;
  /** The card was refused or confirmation failed; `message` is the card provider's, when it gave one. */
  onFailed: (message: string | undefined) => void;
  /**
   * Development mode: confirms with a test card somewhere else than `/api/payments/:id/test-card` (the embedded
   * checkout's route, which needs its embed token).
   */
  confirmTestCard?: (paymentIntentId: string, body: TestCardBody) => Promise<PaymentStatusView>;
  /** 3-D Secure: opens the authentication page; by default this window goes there. */
  onRequiresAction?: (redirectUrl: string) => void;
}

/** What the test-card form sends: the card, and the client secret that proves this browser made the payment. */
export interface TestCardBody {
  cardNumber: string;
  expiry?: string;
  cvc?: string;
  clientSecret: string;
}
