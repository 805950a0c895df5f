import type { CompanyApprovedPayload, CompanyFlaggedPayload } from '@paymarket/contracts';
import type { OutgoingEmail } from '../email/mailer.js';

const SIGNATURE = ['', 'The PayMarket team'];

export function companyApprovedEmail(approval: CompanyApprovedPayload, publicUrl: string): OutgoingEmail {
  const opening = [`Hi ${approval.contactName},`, '', `Good news: ${approval.name} has been approved for PayMarket API access.`, ''];
  if (approval.credentialsPath === null) {
    return {
      to: approval.email,
      subject: `API access approved for ${approval.name}`,
      text: [
        ...opening,
        'Your API key and secret key were shown once when you applied. PayMarket keeps only a hash of the',
        'secret key, so we cannot send it again: if you did not save it, reply to this email and we will issue new keys.',
        ...SIGNATURE,
      ].join('\n'),
      html: null,
    };
  }
  const link = `${publicUrl.replace(/\/+$/, '')}${approval.credentialsPath}`;
  const expires = approval.credentialsLinkExpiresAt ? new Date(approval.credentialsLinkExpiresAt).toUTCString() : 'in 7 days';
  return {
    to: approval.email,
    subject: `API access approved for ${approval.name}: get your credentials`,
    text: [
      ...opening,
      `Get your API credentials: ${link}`,
      '',
      'The link works once and shows your secret key a single time: have a safe place ready to store it.',
      `It expires ${expires}.`,
      ...SIGNATURE,
    ].join('\n'),
    html: null,
  };
}

export function companyUnderReviewEmail(review: CompanyFlaggedPayload): OutgoingEmail {
  return {
    to: review.email,
    subject: `Your API access application for ${review.name} is under review`,
    text: [
      `Hi ${review.contactName},`,
      '',
      `Thank you for applying for PayMarket API access with ${review.name}.`,
      'Some of our automated checks need a person to look at them, so an administrator will review your application',
      'within 24 hours. We will email you the decision; if approved, that email holds a one-time link to your credentials.',
      '',
      `Company id: ${review.companyId}`,
      ...SIGNATURE,
    ].join('\n'),
    html: null,
  };
}
