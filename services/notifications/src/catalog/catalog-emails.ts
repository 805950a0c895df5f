import type {
  ProviderAppliedPayload,
  ProviderApplicationDecidedPayload,
  SellerEditLinkRequestedPayload,
  SellerRegisteredPayload,
  SellerUpdatedPayload,
} from '@paymarket/contracts';
import type { OutgoingEmail } from '../email/mailer.js';

const SIGNATURE = ['', 'The PayMarket team'];

export function sellerWelcomeEmail(seller: SellerRegisteredPayload): OutgoingEmail {
  return {
    to: seller.email,
    subject: `Your seller profile for ${seller.businessName} is live`,
    text: [
      `Hi ${seller.sellerName},`,
      '',
      `Your PayMarket seller profile for ${seller.businessName} has been created and is now live in the Sellers directory.`,
      'It already appears in the sellers directory.',
      '',
      'Only the browser you registered with can edit the profile. If you lose access, open your profile’s edit page and',
      'choose "Lost your edit link?" to get a new link sent to this address.',
      '',
      'Every completed transaction carries one flat fee ($3.56 USD or $4.79 CAD).',
      ...SIGNATURE,
    ].join('\n'),
    html: null,
  };
}

export function sellerEditLinkEmail(request: SellerEditLinkRequestedPayload, publicUrl: string): OutgoingEmail {
  const link = `${publicUrl.replace(/\/+$/, '')}${request.path}`;
  return {
    to: request.email,
    subject: `Your edit link for ${request.businessName}`,
    text: [
      `Hi ${request.sellerName},`,
      '',
      `Someone (hopefully you) asked for a new link to edit the PayMarket seller profile of ${request.businessName}.`,
      '',
      `Edit your profile: ${link}`,
      '',
      'The link works once and expires in 30 minutes. Opening it signs this browser in as the profile’s editor and',
      'stops any earlier edit link from working.',
      'If you did not ask for it, ignore this email: nothing changes unless the link is opened.',
      ...SIGNATURE,
    ].join('\n'),
    html: null,
  };
}

const PAYOUT_CHANGE_TEXT: Record<NonNullable<SellerUpdatedPayload['payoutAccount']>, string> = {
  added: 'A Stripe payout account was connected to',
  changed: 'The Stripe payout account was changed on',
  removed: 'The Stripe payout account was removed from',
};

const NOT_YOU = [
  'If you did not make this change, open your profile’s edit page and choose "Lost your edit link?": the new link',
  'goes to the profile’s email and stops every earlier edit link from working. Then put your details back.',
];

/** Told to the profile's email whenever the payout account changes: it decides where buyers' money goes. */
export function sellerPayoutAccountEmail(update: SellerUpdatedPayload): OutgoingEmail | null {
  if (!update.payoutAccount) return null;
  return {
    to: update.email,
    subject: `Payout account ${update.payoutAccount} for ${update.businessName}`,
    text: [
      `Hi ${update.sellerName},`,
      '',
      `${PAYOUT_CHANGE_TEXT[update.payoutAccount]} your PayMarket seller profile for ${update.businessName}.`,
      update.payoutAccount === 'removed'
        ? 'Buyers cannot pay you on PayMarket until you connect one again.'
        : 'Payments to you on PayMarket are now transferred to that account.',
      '',
      ...NOT_YOU,
      ...SIGNATURE,
    ].join('\n'),
    html: null,
  };
}

/** Told to the address a profile had before its email changed, so a takeover cannot silence the owner. */
export function sellerEmailChangedEmail(update: SellerUpdatedPayload): OutgoingEmail | null {
  if (!update.previousEmail) return null;
  return {
    to: update.previousEmail,
    subject: `The email of ${update.businessName} on PayMarket was changed`,
    text: [
      `Hi ${update.sellerName},`,
      '',
      `The email of your PayMarket seller profile for ${update.businessName} was changed from this address to ${update.email}.`,
      'Emails about the profile, including new edit links, now go there.',
      '',
      'If you did not make this change, reply to this email so we can restore your profile.',
      ...SIGNATURE,
    ].join('\n'),
    html: null,
  };
}

export function applicationReceivedEmail(application: ProviderAppliedPayload): OutgoingEmail {
  return {
    to: application.email,
    subject: `We received your print provider application for ${application.businessName}`,
    text: [
      `Hi ${application.contactName},`,
      '',
      `Thank you for applying to become a print provider on PayMarket with ${application.businessName}.`,
      '',
      'What happens next (2-3 business days):',
      '1. Application review (1-2 days)',
      `2. Stripe Connect verification of ${application.stripeAccountId}`,
      '3. Portfolio assessment',
      '4. Welcome email with the decision',
      ...SIGNATURE,
    ].join('\n'),
    html: null,
  };
}

export function applicationDecidedEmail(decision: ProviderApplicationDecidedPayload): OutgoingEmail {
  const note = decision.note ? ['', `Note from our review team: ${decision.note}`] : [];
  if (decision.decision === 'approved') {
    return {
      to: decision.email,
      subject: `Welcome to PayMarket: ${decision.businessName} is approved`,
      text: [
        `Hi ${decision.contactName},`,
        '',
        `Good news: your print provider application for ${decision.businessName} has been approved.`,
        'You now appear as a print provider on the payment page, and payments reach your connected Stripe account directly.',
        ...note,
        ...SIGNATURE,
      ].join('\n'),
      html: null,
    };
  }
  return {
    to: decision.email,
    subject: `Your PayMarket print provider application for ${decision.businessName}`,
    text: [
      `Hi ${decision.contactName},`,
      '',
      `Thank you for applying. After review, we cannot approve the print provider application for ${decision.businessName} at this time.`,
      ...note,
      '',
      'You are welcome to apply again once the points above are addressed.',
      ...SIGNATURE,
    ].join('\n'),
    html: null,
  };
}
