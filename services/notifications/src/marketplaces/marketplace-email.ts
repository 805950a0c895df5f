import { formatBps, formatMinor, type MarketplaceRegisteredPayload } from '@paymarket/contracts';
import type { OutgoingEmail } from '../email/mailer.js';

/** One confirmation for the contact and, when it is another address, one for the admin. */
export function marketplaceConfirmationEmails(marketplace: MarketplaceRegisteredPayload): OutgoingEmail[] {
  const fees =
    marketplace.customFees && marketplace.transactionFeeMinor !== null && marketplace.platformFeeBps !== null
      ? `Custom fees: $${formatMinor(marketplace.transactionFeeMinor)} per transaction and a ${formatBps(marketplace.platformFeeBps)}% platform fee.`
      : 'Fees: PayMarket’s flat $3.56 USD ($4.79 CAD) per completed transaction — no monthly fees, no setup costs.';
  const text = (role: 'contact' | 'admin'): string =>
    [
      'Hello,',
      '',
      `${marketplace.companyName} is now registered as a PayMarket marketplace for ${marketplace.marketplaceDomain}.`,
      role === 'admin'
        ? `You are its administrator; ${marketplace.contactEmail} is the contact for the registration.`
        : `${marketplace.adminEmail} is recorded as its administrator.`,
      fees,
      '',
      'Next steps:',
      '- Request your API keys at /api-access.',
      `- Embed PayMarket on ${marketplace.marketplaceDomain} with the white-label guide at /marketplace-setup.`,
      '- Read the developer documentation at /documentation.html.',
      '',
      `Marketplace id: ${marketplace.marketplaceId}`,
      '',
      'The PayMarket team',
    ].join('\n');
  const subject = `Your PayMarket marketplace for ${marketplace.companyName} is registered`;
  const emails: OutgoingEmail[] = [{ to: marketplace.contactEmail, subject, text: text('contact'), html: null }];
  if (marketplace.adminEmail !== marketplace.contactEmail) {
    emails.push({ to: marketplace.adminEmail, subject, text: text('admin'), html: null });
  }
  return emails;
}
