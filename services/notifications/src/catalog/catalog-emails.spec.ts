import { describe, expect, it } from '@jest/globals';
import {
  applicationDecidedEmail,
  applicationReceivedEmail,
  sellerEditLinkEmail,
  sellerEmailChangedEmail,
  sellerPayoutAccountEmail,
} from './catalog-emails.js';

describe('catalog emails', () => {
  it('puts the one-time edit link under the public URL', () => {
    const email = sellerEditLinkEmail(
      {
        sellerId: 's1',
        businessName: 'Harbour',
        sellerName: 'Maya',
        email: 'maya@example.com',
        path: '/sellers/edit/s1?recovery=abc',
        expiresAt: '2026-01-01T00:30:00Z',
      },
      'https://paymarket.example.com/',
    );
    expect(email.to).toBe('maya@example.com');
    expect(email.text).toContain('https://paymarket.example.com/sellers/edit/s1?recovery=abc');
    expect(email.text).toContain('30 minutes');
  });

  it('tells the applicant the review steps, and the decision with the note either way', () => {
    const received = applicationReceivedEmail({
      applicationId: 'a',
      businessName: 'Maple',
      contactName: 'Jean',
      email: 'j@example.com',
      stripeAccountId: 'acct_x',
    });
    expect(received.text).toContain('2-3 business days');
    const base = { applicationId: 'a', businessName: 'Maple', contactName: 'Jean', email: 'j@example.com', providerId: null };
    const approved = applicationDecidedEmail({ ...base, decision: 'approved', note: 'Welcome', providerId: 'p' });
    const rejected = applicationDecidedEmail({ ...base, decision: 'rejected', note: 'More samples please' });
    expect(approved.subject).toContain('approved');
    expect(approved.text).toContain('Welcome');
    expect(rejected.subject).not.toContain('approved');
    expect(rejected.text).toContain('More samples please');
    expect(applicationDecidedEmail({ ...base, decision: 'rejected', note: null }).text).not.toContain('Note from');
  });

  describe('seller security notices', () => {
    const update = {
      sellerId: 's1',
      businessName: 'Harbour',
      sellerName: 'Maya',
      email: 'maya@example.com',
      changed: ['phone'],
      previousEmail: null,
      payoutAccount: null,
    };

    it('sends nothing for an ordinary profile edit', () => {
      expect(sellerPayoutAccountEmail(update)).toBeNull();
      expect(sellerEmailChangedEmail(update)).toBeNull();
    });

    it.each([
      ['added', 'was connected to', 'now transferred'],
      ['changed', 'was changed on', 'now transferred'],
      ['removed', 'was removed from', 'cannot pay you'],
    ] as const)('tells the profile email when the payout account is %s', (payoutAccount, what, consequence) => {
      const email = sellerPayoutAccountEmail({ ...update, changed: ['stripeAccountId'], payoutAccount });
      expect(email?.to).toBe('maya@example.com');
      expect(email?.subject).toBe(`Payout account ${payoutAccount} for Harbour`);
      expect(email?.text).toContain(what);
      expect(email?.text).toContain(consequence);
      expect(email?.text).toContain('Lost your edit link?');
    });

    it('tells the previous address when the email changes', () => {
      const email = sellerEmailChangedEmail({ ...update, email: 'new@example.com', changed: ['email'], previousEmail: 'maya@example.com' });
      expect(email?.to).toBe('maya@example.com');
      expect(email?.text).toContain('to new@example.com');
    });
  });
});
