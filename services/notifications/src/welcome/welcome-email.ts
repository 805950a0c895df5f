import type { BuyerRegisteredPayload } from '@paymarket/contracts';
import type { OutgoingEmail } from '../email/mailer.js';

export function welcomeEmail(buyer: BuyerRegisteredPayload): OutgoingEmail {
  return {
    to: buyer.email,
    subject: 'Welcome to PayMarket',
    text: [
      `Hi ${buyer.name},`,
      '',
      'Welcome to PayMarket! Your buyer account is ready.',
      'You can now order from print providers, pay sellers directly by card and post project requests.',
      'Every completed transaction carries one flat fee ($3.56 USD or $4.79 CAD) — no monthly fees, no setup costs.',
      '',
      'The PayMarket team',
    ].join('\n'),
    html: null,
  };
}
