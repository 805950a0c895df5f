import type { AccountDeletionConfirmationRequestedPayload, AccountDeletionRequestedPayload } from '@paymarket/contracts';
import type { OutgoingEmail } from '../email/mailer.js';

const SIGNATURE = ['', 'The PayMarket team'];

/** The confirmation link for an account holder, or a short note when no account uses the address (ADR 0029). */
export function deletionConfirmationEmail(request: AccountDeletionConfirmationRequestedPayload, publicUrl: string): OutgoingEmail {
  if (request.registered && request.path) {
    const link = `${publicUrl.replace(/\/+$/, '')}${request.path}`;
    return {
      to: request.email,
      subject: 'Confirm the deletion of your PayMarket account',
      text: [
        request.name ? `Hi ${request.name},` : 'Hi,',
        '',
        'Someone (hopefully you) asked to delete the PayMarket account that uses this email address.',
        '',
        `To delete your account, open this link and confirm: ${link}`,
        '',
        'The link works once and expires in 24 hours. Deleting erases your name, email and profile details and signs you',
        'out everywhere. Orders and payment records are kept, as the law requires for financial records.',
        'If you did not ask for this, ignore this email: nothing is deleted unless the link is opened and confirmed.',
        ...SIGNATURE,
      ].join('\n'),
      html: null,
    };
  }
  return {
    to: request.email,
    subject: 'Your PayMarket account deletion request',
    text: [
      'Hi,',
      '',
      'Someone asked to delete a PayMarket account with this email address, but no PayMarket account uses it, so there',
      'is nothing to delete. If you have an account under another address, submit the request with that address.',
      'If it was not you, ignore this email.',
      ...SIGNATURE,
    ].join('\n'),
    html: null,
  };
}

/** Sent to the address the account had, once the deletion has been carried out (spec §4: then a confirmation email). */
export function accountDeletedEmail(deleted: AccountDeletionRequestedPayload): OutgoingEmail {
  return {
    to: deleted.email,
    subject: 'Your PayMarket account has been deleted',
    text: [
      'Hi,',
      '',
      'As you confirmed, your PayMarket buyer account has been deleted. Your name, email address and profile details',
      'were erased and every signed-in session was ended.',
      '',
      'Orders and payment records are kept, as the law requires for financial records. Other personal data we hold about',
      'you is removed within 90 days.',
      '',
      'You are welcome to create a new account at any time.',
      ...SIGNATURE,
    ].join('\n'),
    html: null,
  };
}
