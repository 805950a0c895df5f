import type { PayeeCodeRequestedPayload, SignInCodeRequestedPayload } from '@paymarket/contracts';
import type { OutgoingEmail } from '../email/mailer.js';

/** The sign-in code for a registered buyer, or an invitation to register for an email with no account. */
export function signInEmail(request: SignInCodeRequestedPayload, minutesValid: number): OutgoingEmail {
  if (request.registered && request.code) {
    return {
      to: request.email,
      subject: `Your PayMarket sign-in code: ${request.code}`,
      text: [
        request.name ? `Hi ${request.name},` : 'Hi,',
        '',
        `Your PayMarket sign-in code is ${request.code}`,
        '',
        `Enter it on the sign-in page within ${minutesValid} minutes. It works once.`,
        'If you did not ask to sign in, ignore this email: nobody can sign in without the code.',
        '',
        'The PayMarket team',
      ].join('\n'),
      html: null,
    };
  }
  return {
    to: request.email,
    subject: 'Sign in to PayMarket',
    text: [
      'Hi,',
      '',
      'Someone asked to sign in to PayMarket with this email address, but there is no PayMarket account for it.',
      'If it was you, create a free buyer account first at /join, then sign in.',
      'If it was not you, ignore this email.',
      '',
      'The PayMarket team',
    ].join('\n'),
    html: null,
  };
}

/** The developer console's sign-in code (ADR 0037). */
export function consoleCodeEmail(
  request: { email: string; companyName: string; code: string },
  ttlMinutes: number,
): { to: string; subject: string; text: string; html: null } {
  return {
    to: request.email,
    subject: `Your PayMarket developer console code: ${request.code}`,
    text: [
      `Someone asked to sign in to the PayMarket developer console for ${request.companyName}.`,
      '',
      `Your code: ${request.code}`,
      '',
      `It expires in ${ttlMinutes} minutes and works once. If you did not ask for it, ignore this email: nobody can sign in without the code.`,
      '',
      'The PayMarket team',
    ].join('\n'),
    html: null,
  };
}

/** A seller's or print provider's dashboard sign-in code (ADR 0047), naming every profile the email opens. */
export function payeeCodeEmail(request: PayeeCodeRequestedPayload, ttlMinutes: number): OutgoingEmail {
  const profiles = [
    ...request.sellers.map((s) => `- Seller: ${s.businessName}`),
    ...request.providers.map((p) => `- Print provider: ${p.name}`),
  ];
  return {
    to: request.email,
    subject: `Your PayMarket dashboard sign-in code: ${request.code}`,
    text: [
      'Hi,',
      '',
      `Your PayMarket dashboard sign-in code is ${request.code}`,
      '',
      'It opens the statements of:',
      ...profiles,
      '',
      `Enter it on the sign-in page within ${ttlMinutes} minutes. It works once.`,
      'If you did not ask to sign in, ignore this email: nobody can sign in without the code.',
      '',
      'The PayMarket team',
    ].join('\n'),
    html: null,
  };
}
