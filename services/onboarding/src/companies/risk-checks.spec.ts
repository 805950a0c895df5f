import { describe, expect, it } from '@jest/globals';
import { APPROVE_BELOW, assessRisk, REJECT_AT, websiteHost, type RiskInput } from './risk-checks.js';

function application(overrides: Partial<RiskInput> = {}): RiskInput {
  return {
    name: 'Acme Prints Ltd',
    website: 'https://acmeprints.com',
    email: 'ops@acmeprints.com',
    businessType: 'saas',
    contactName: 'Ada Lovelace',
    contactPhone: '+1 (416) 555-0134',
    taxId: 'CA-123456789',
    ...overrides,
  };
}

const statusOf = (input: RiskInput, type: string) => assessRisk(input).checks.find((c) => c.type === type)?.status;

describe('assessRisk', () => {
  it('approves a complete company application on its own domain with no risk', () => {
    const sut = assessRisk(application());
    expect(sut).toMatchObject({ riskScore: 0, verificationStatus: 'approved', reason: null });
    expect(sut.checks.map((c) => c.type)).toEqual([
      'website_format',
      'website_plausibility',
      'email_domain_match',
      'email_provider',
      'business_name',
      'tax_id',
      'contact_phone',
      'business_type',
    ]);
    for (const c of sut.checks) {
      expect(c).toEqual({ type: c.type, status: 'pass', score: 100, detail: expect.any(String) });
    }
  });

  it('is deterministic', () => {
    expect(assessRisk(application({ email: 'ada@gmail.com' }))).toEqual(assessRisk(application({ email: 'ada@gmail.com' })));
  });

  it('still approves at once without the optional phone and tax id (warnings only)', () => {
    const sut = assessRisk(application({ contactPhone: undefined, taxId: '' }));
    expect(statusOf(application({ contactPhone: undefined }), 'contact_phone')).toBe('warning');
    expect(statusOf(application({ taxId: '' }), 'tax_id')).toBe('warning');
    expect(sut.riskScore).toBe(10);
    expect(sut.verificationStatus).toBe('approved');
  });

  it('flags a free-mail address for review (medium risk with a failed check)', () => {
    const sut = assessRisk(application({ email: 'ada@gmail.com' }));
    expect(statusOf(application({ email: 'ada@gmail.com' }), 'email_provider')).toBe('warning');
    expect(statusOf(application({ email: 'ada@gmail.com' }), 'email_domain_match')).toBe('fail');
    expect(sut.riskScore).toBe(36);
    expect(sut.riskScore).toBeGreaterThanOrEqual(APPROVE_BELOW);
    expect(sut.riskScore).toBeLessThan(REJECT_AT);
    expect(sut.verificationStatus).toBe('flagged');
  });

  it('sends an application with only warnings that add up to medium risk to pending review', () => {
    const input = application({
      website: 'http://acmeprints.com',
      email: 'ops@acme-mail.net',
      contactPhone: '',
      taxId: '',
      businessType: 'other',
    });
    const sut = assessRisk(input);
    expect(sut.checks.every((c) => c.status !== 'fail')).toBe(true);
    expect(sut.riskScore).toBe(31);
    expect(sut.verificationStatus).toBe('pending');
  });

  it('rejects a disposable email address whatever the other checks say, with the reason', () => {
    const sut = assessRisk(application({ email: 'ada@mailinator.com' }));
    expect(sut.verificationStatus).toBe('rejected');
    expect(sut.riskScore).toBeGreaterThanOrEqual(REJECT_AT);
    expect(sut.reason).toContain('mailinator.com is a disposable email service.');
  });

  it('rejects a placeholder company name', () => {
    const sut = assessRisk(application({ name: 'Test Company' }));
    expect(statusOf(application({ name: 'Test Company' }), 'business_name')).toBe('fail');
    expect(sut.verificationStatus).toBe('rejected');
    expect(sut.reason).toBe('The company name looks like a placeholder.');
    expect(assessRisk(application({ name: '1234' })).verificationStatus).toBe('rejected');
    expect(assessRisk(application({ name: 'asdf' })).verificationStatus).toBe('rejected');
    // Real names that happen to contain such a word are not refused.
    expect(statusOf(application({ name: 'Sushi Bar & Prints' }), 'business_name')).toBe('pass');
    expect(statusOf(application({ name: 'Test Kitchen Supplies' }), 'business_name')).toBe('warning');
    expect(assessRisk(application({ name: 'Test Kitchen Supplies' })).verificationStatus).toBe('approved');
  });

  it('rejects a website that is not an http(s) address', () => {
    expect(assessRisk(application({ website: 'ftp://acmeprints.com' })).verificationStatus).toBe('rejected');
    expect(assessRisk(application({ website: 'acmeprints' })).verificationStatus).toBe('rejected');
  });

  it('warns about plain http, throwaway top-level domains and reserved or IP hosts', () => {
    expect(statusOf(application({ website: 'http://acmeprints.com' }), 'website_format')).toBe('warning');
    expect(statusOf(application({ website: 'https://acmeprints.xyz', email: 'ops@acmeprints.xyz' }), 'website_plausibility')).toBe(
      'warning',
    );
    expect(statusOf(application({ website: 'https://10.0.0.1' }), 'website_plausibility')).toBe('fail');
    expect(statusOf(application({ website: 'https://shop.example.com' }), 'website_plausibility')).toBe('fail');
  });

  it('accepts the email on a subdomain of the website and a website typed without a scheme', () => {
    expect(statusOf(application({ email: 'ops@mail.acmeprints.com' }), 'email_domain_match')).toBe('pass');
    expect(statusOf(application({ website: 'www.acmeprints.com' }), 'email_domain_match')).toBe('pass');
    expect(websiteHost('www.AcmePrints.com/about')).toEqual({ host: 'acmeprints.com', https: true });
    expect(websiteHost('http://acmeprints.com')).toEqual({ host: 'acmeprints.com', https: false });
    expect(websiteHost('not a url')).toBeNull();
  });

  it('scores an implausible phone or tax id below a missing one', () => {
    expect(assessRisk(application({ contactPhone: '1111111' })).checks.find((c) => c.type === 'contact_phone')).toMatchObject({
      status: 'warning',
      score: 30,
    });
    expect(assessRisk(application({ taxId: '00000' })).checks.find((c) => c.type === 'tax_id')).toMatchObject({
      status: 'warning',
      score: 30,
    });
  });

  it('keeps every score within 0-100', () => {
    const worst = assessRisk(
      application({ name: '??', website: 'http://x', email: 'a@yopmail.com', contactPhone: 'abc', taxId: '1', businessType: 'other' }),
    );
    expect(worst.riskScore).toBeLessThanOrEqual(100);
    for (const c of worst.checks) expect(c.score).toBeGreaterThanOrEqual(0);
  });
});
