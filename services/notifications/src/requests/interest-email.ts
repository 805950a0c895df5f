import type { InterestRecordedPayload } from '@paymarket/contracts';
import type { OutgoingEmail } from '../email/mailer.js';

/** Tells the buyer who is interested and how to reach them: business name, contact details and the seller's message. */
export function interestEmail(interest: InterestRecordedPayload): OutgoingEmail {
  const { seller } = interest;
  const contact = [
    `Business: ${seller.businessName}`,
    ...(seller.sellerName ? [`Contact: ${seller.sellerName}`] : []),
    `Email: ${seller.email}`,
    ...(seller.phone ? [`Phone: ${seller.phone}`] : []),
    ...(seller.website ? [`Website: ${seller.website}`] : []),
  ];
  return {
    to: interest.buyerEmail,
    subject: `${seller.businessName} is interested in "${interest.requestTitle}"`,
    text: [
      `Hi ${interest.buyerName},`,
      '',
      `A seller on PayMarket is interested in your request "${interest.requestTitle}".`,
      '',
      ...contact,
      '',
      'Their message:',
      interest.message,
      '',
      'Reply to the seller directly using the details above.',
      '',
      'The PayMarket team',
    ].join('\n'),
    html: null,
  };
}
