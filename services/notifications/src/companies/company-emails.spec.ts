import { describe, expect, it } from '@jest/globals';
import { companyApprovedEmail, companyUnderReviewEmail } from './company-emails.js';

const base = { companyId: 'c1', name: 'Hopper Labs', email: 'grace@example.com', contactName: 'Grace' };

describe('company emails', () => {
  it('puts the one-time credentials link of an admin approval under the public URL', () => {
    const email = companyApprovedEmail(
      {
        ...base,
        approvedBy: 'admin',
        credentialsPath: '/api-access?company=c1&token=abc',
        credentialsLinkExpiresAt: '2026-01-08T00:00:00Z',
      },
      'https://paymarket.example.com/',
    );
    expect(email.to).toBe('grace@example.com');
    expect(email.subject).toContain('Hopper Labs');
    expect(email.text).toContain('https://paymarket.example.com/api-access?company=c1&token=abc');
    expect(email.text).toContain('works once');
  });

  it('an instant approval has no link: the credentials were shown when applying', () => {
    const email = companyApprovedEmail(
      { ...base, approvedBy: 'automatic', credentialsPath: null, credentialsLinkExpiresAt: null },
      'http://x',
    );
    expect(email.text).not.toContain('http');
    expect(email.text).toContain('shown once');
  });

  it('tells a company under review the 24-hour review and its company id', () => {
    const email = companyUnderReviewEmail({ ...base, status: 'flagged', riskScore: 36 });
    expect(email.subject).toContain('under review');
    expect(email.text).toContain('24 hours');
    expect(email.text).toContain('Company id: c1');
  });
});
