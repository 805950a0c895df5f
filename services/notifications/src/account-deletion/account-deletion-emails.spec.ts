import { describe, expect, it } from '@jest/globals';
import { accountDeletedEmail, deletionConfirmationEmail } from './account-deletion-emails.js';

describe('account deletion emails', () => {
  it('gives an account holder the one-time link under the public URL', () => {
    const email = deletionConfirmationEmail(
      {
        email: 'ada@example.com',
        registered: true,
        name: 'Ada',
        path: '/delete-account/confirm?token=abc',
        expiresAt: '2030-01-02T10:00:00Z',
      },
      'https://paymarket.example.com/',
    );
    expect(email.to).toBe('ada@example.com');
    expect(email.text).toContain('Hi Ada,');
    expect(email.text).toContain('https://paymarket.example.com/delete-account/confirm?token=abc');
    expect(email.text).toContain('24 hours');
    expect(email.text).toContain('Orders and payment records are kept');
  });

  it('tells an address without an account that there is nothing to delete, with no link', () => {
    const email = deletionConfirmationEmail(
      { email: 'nobody@example.com', registered: false, name: null, path: null, expiresAt: '2030-01-02T10:00:00Z' },
      'https://paymarket.example.com',
    );
    expect(email.to).toBe('nobody@example.com');
    expect(email.text).toContain('no PayMarket account uses it');
    expect(email.text).not.toContain('http');
  });

  it('confirms the completed deletion to the address the account had', () => {
    const email = accountDeletedEmail({
      requestId: 'r',
      buyerId: 'b',
      email: 'ada@example.com',
      requestedAt: '2030-01-01T10:00:00Z',
      confirmedAt: '2030-01-01T11:00:00Z',
    });
    expect(email.to).toBe('ada@example.com');
    expect(email.subject).toBe('Your PayMarket account has been deleted');
    expect(email.text).toContain('90 days');
  });
});
