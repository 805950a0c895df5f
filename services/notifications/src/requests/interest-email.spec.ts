import { describe, expect, it } from '@jest/globals';
import { interestEmail } from './interest-email.js';

describe(interestEmail.name, () => {
  const interest = {
    interestId: 'i1',
    requestId: 'r1',
    requestTitle: 'Menu printing',
    buyerEmail: 'ada@example.com',
    buyerName: 'Ada',
    seller: {
      id: 's1',
      businessName: 'Print Co',
      sellerName: 'Pat',
      email: 'pat@print.co',
      phone: '5551234567',
      website: 'https://print.co',
    },
    message: "I'm interested in your project!",
  };

  it('tells the buyer the seller’s business name, contact details and message', () => {
    const email = interestEmail(interest);
    expect(email.to).toBe('ada@example.com');
    expect(email.subject).toBe('Print Co is interested in "Menu printing"');
    for (const part of [
      'Hi Ada,',
      'Business: Print Co',
      'Contact: Pat',
      'Email: pat@print.co',
      'Phone: 5551234567',
      'Website: https://print.co',
      "I'm interested in your project!",
    ]) {
      expect(email.text).toContain(part);
    }
    expect(email.html).toBeNull();
  });

  it('leaves out the details the seller did not give', () => {
    const email = interestEmail({ ...interest, seller: { ...interest.seller, phone: '', website: null } });
    expect(email.text).not.toContain('Phone:');
    expect(email.text).not.toContain('Website:');
  });
});
