import { describe, expect, it } from '@jest/globals';
import { marketplaceConfirmationEmails } from './marketplace-email.js';

const registered = {
  marketplaceId: 'm1',
  companyName: 'Acme Prints',
  marketplaceDomain: 'shop.acme.com',
  contactEmail: 'hello@acme.com',
  adminEmail: 'admin@acme.com',
  customFees: false,
  transactionFeeMinor: null,
  platformFeeBps: null,
};

describe(marketplaceConfirmationEmails.name, () => {
  it('confirms to the contact and the admin, naming the company and domain, with the standard fee', () => {
    const emails = marketplaceConfirmationEmails(registered);
    expect(emails.map((e) => e.to)).toEqual(['hello@acme.com', 'admin@acme.com']);
    for (const email of emails) {
      expect(email.subject).toContain('Acme Prints');
      expect(email.text).toContain('shop.acme.com');
      expect(email.text).toContain('$3.56');
      expect(email.text).toContain('/api-access');
    }
  });

  it('sends one email when the contact is the admin, and states custom fees', () => {
    const emails = marketplaceConfirmationEmails({
      ...registered,
      adminEmail: 'hello@acme.com',
      customFees: true,
      transactionFeeMinor: 250,
      platformFeeBps: 725,
    });
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('$2.50 per transaction and a 7.25% platform fee');
  });
});
