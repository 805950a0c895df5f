import type { ApiAccessBusinessType, CompanyVerificationStatus, RiskCheck, RiskCheckStatus } from '@paymarket/contracts';

/** What the checks read: the validated application. */
export interface RiskInput {
  name: string;
  website: string;
  email: string;
  businessType: ApiAccessBusinessType | string;
  contactName: string;
  contactPhone?: string | null;
  taxId?: string | null;
}

export interface RiskAssessment {
  checks: RiskCheck[];
  /** 0 (no concern) to 100 (certainly refuse): the weighted shortfall of the checks. */
  riskScore: number;
  verificationStatus: CompanyVerificationStatus;
  /** Set when rejected: why, in words the applicant can read. */
  reason: string | null;
}

/** Under this the company is approved at once; from REJECT_AT it is refused; in between an administrator decides. */
export const APPROVE_BELOW = 30;
export const REJECT_AT = 70;

// Weights sum to 100 so riskScore reads as a percentage.
const WEIGHTS: Record<string, number> = {
  website_format: 15,
  website_plausibility: 10,
  email_domain_match: 20,
  email_provider: 20,
  business_name: 10,
  tax_id: 10,
  contact_phone: 10,
  business_type: 5,
};

/** A failure of one of these rejects the application whatever the total: nobody can act on such an application. */
const CRITICAL = new Set(['website_format', 'email_provider', 'business_name']);

export const FREE_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'qq.com',
  '163.com',
  'fastmail.com',
  'hey.com',
]);

export const DISPOSABLE_MAIL_DOMAINS = new Set([
  'mailinator.com',
  'guerrillamail.com',
  'guerrillamail.net',
  'sharklasers.com',
  '10minutemail.com',
  'tempmail.com',
  'temp-mail.org',
  'trashmail.com',
  'yopmail.com',
  'getnada.com',
  'dispostable.com',
  'maildrop.cc',
  'throwawaymail.com',
  'fakeinbox.com',
  'mintemail.com',
  'mailnesia.com',
  'emailondeck.com',
  'spamgourmet.com',
  'tempr.email',
  'discard.email',
]);

// Top-level domains most often seen on throwaway sites; a warning, not a verdict.
const HIGH_RISK_TLDS = new Set(['xyz', 'top', 'tk', 'ml', 'ga', 'cf', 'gq', 'click', 'work', 'zip', 'mov', 'loan', 'buzz']);

const PLACEHOLDER_WORDS = /\b(test|testing|asdf|qwerty|fake|dummy|lorem|xxx+|aaa+)\b/i;
const RESERVED_HOSTS = /(^|\.)(example\.(com|net|org)|test|invalid|localhost|local)$/i;

function check(type: string, status: RiskCheckStatus, score: number, detail: string): RiskCheck {
  return { type, status, score, detail };
}

/** The host of a website as typed (the form allows leaving out the scheme), lower-cased without "www."; null if unusable. */
export function websiteHost(website: string): { host: string; https: boolean } | null {
  const text = website.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (!host.includes('.') || host.endsWith('.')) return null;
  return { host, https: url.protocol === 'https:' || !/^http:\/\//i.test(text) };
}

function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

const isIp = (host: string): boolean => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');

function websiteFormat(website: string): RiskCheck {
  const parsed = websiteHost(website);
  if (!parsed) return check('website_format', 'fail', 0, 'The website is not a valid http(s) address.');
  if (!parsed.https) return check('website_format', 'warning', 60, 'The website does not use HTTPS.');
  return check('website_format', 'pass', 100, 'The website is a valid HTTPS address.');
}

function websitePlausibility(website: string): RiskCheck {
  const parsed = websiteHost(website);
  if (!parsed) return check('website_plausibility', 'fail', 0, 'The website has no usable domain.');
  const { host } = parsed;
  if (isIp(host)) return check('website_plausibility', 'fail', 0, 'The website is an IP address, not a domain.');
  if (RESERVED_HOSTS.test(host)) return check('website_plausibility', 'fail', 0, 'The website uses a reserved or test domain.');
  if (PLACEHOLDER_WORDS.test(host.replace(/[.-]/g, ' '))) {
    return check('website_plausibility', 'warning', 30, 'The website domain looks like a placeholder.');
  }
  const tld = host.slice(host.lastIndexOf('.') + 1);
  if (HIGH_RISK_TLDS.has(tld)) return check('website_plausibility', 'warning', 50, `The .${tld} domain is often used by throwaway sites.`);
  return check('website_plausibility', 'pass', 100, 'The website domain looks like a real business domain.');
}

function emailProvider(email: string): RiskCheck {
  const domain = emailDomain(email);
  if (DISPOSABLE_MAIL_DOMAINS.has(domain)) return check('email_provider', 'fail', 0, `${domain} is a disposable email service.`);
  if (FREE_MAIL_DOMAINS.has(domain))
    return check('email_provider', 'warning', 20, `${domain} is a free email service, not a company address.`);
  return check('email_provider', 'pass', 100, 'The email address is on a company domain.');
}

function emailDomainMatch(email: string, website: string): RiskCheck {
  const domain = emailDomain(email);
  const host = websiteHost(website)?.host;
  if (!host) return check('email_domain_match', 'fail', 0, 'There is no website domain to compare the email with.');
  if (domain === host || domain.endsWith(`.${host}`) || host.endsWith(`.${domain}`)) {
    return check('email_domain_match', 'pass', 100, 'The email domain matches the website.');
  }
  if (FREE_MAIL_DOMAINS.has(domain) || DISPOSABLE_MAIL_DOMAINS.has(domain)) {
    return check('email_domain_match', 'fail', 0, 'The email is not on the website’s domain.');
  }
  return check('email_domain_match', 'warning', 40, `The email domain ${domain} differs from the website ${host}.`);
}

const NAME_SUFFIXES = new Set(['company', 'co', 'inc', 'ltd', 'llc', 'corp', 'corporation', 'gmbh', 'limited', 'the', 'and', 'group']);
const PLACEHOLDER_NAME_WORD = /^(test|testing|asdf|qwerty|fake|dummy|sample|lorem|ipsum|xxx+|aaa+|abc|none|null)$/;

function businessName(name: string): RiskCheck {
  const letters = name.replace(/[^\p{L}]/gu, '');
  if (letters.length < 2) return check('business_name', 'fail', 0, 'The company name has no recognisable name in it.');
  const words = name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !NAME_SUFFIXES.has(w));
  const placeholders = words.filter((w) => PLACEHOLDER_NAME_WORD.test(w));
  // "Test Company" is nobody; "Test Kitchen Supplies" may well be someone, so it only warns.
  if (placeholders.length > 0 && placeholders.length === words.length) {
    return check('business_name', 'fail', 0, 'The company name looks like a placeholder.');
  }
  if (placeholders.length > 0) return check('business_name', 'warning', 50, 'The company name contains a placeholder word.');
  return check('business_name', 'pass', 100, 'The company name looks plausible.');
}

function taxId(value: string | null | undefined): RiskCheck {
  const text = (value ?? '').trim();
  if (text === '') return check('tax_id', 'warning', 50, 'No tax ID was given.');
  const alnum = text.replace(/[^A-Za-z0-9]/g, '');
  if (alnum.length < 5 || !/\d/.test(alnum) || /^(\d)\1+$/.test(alnum)) {
    return check('tax_id', 'warning', 30, 'The tax ID does not look like a registration number.');
  }
  return check('tax_id', 'pass', 100, 'A tax ID was given.');
}

function contactPhone(value: string | null | undefined): RiskCheck {
  const text = (value ?? '').trim();
  if (text === '') return check('contact_phone', 'warning', 50, 'No contact phone was given.');
  const digits = text.replace(/\D/g, '');
  if (!/^\+?[\d\s().-]+$/.test(text) || digits.length < 7 || digits.length > 15 || /^(\d)\1+$/.test(digits)) {
    return check('contact_phone', 'warning', 30, 'The contact phone does not look like a phone number.');
  }
  return check('contact_phone', 'pass', 100, 'A contact phone was given.');
}

function businessTypeCheck(type: string): RiskCheck {
  if (type === 'other') return check('business_type', 'warning', 50, 'The business type is "other".');
  if (type === 'startup') return check('business_type', 'warning', 70, 'Startups have a short track record.');
  return check('business_type', 'pass', 100, 'The business type is an established integration profile.');
}

/**
 * Deterministic risk assessment of an API access application: the same input always gives the same checks, score
 * and outcome, so an applicant can be told exactly why, and the rules are unit-tested.
 */
export function assessRisk(input: RiskInput): RiskAssessment {
  const checks = [
    websiteFormat(input.website),
    websitePlausibility(input.website),
    emailDomainMatch(input.email, input.website),
    emailProvider(input.email),
    businessName(input.name),
    taxId(input.taxId),
    contactPhone(input.contactPhone),
    businessTypeCheck(input.businessType),
  ];
  const shortfall = checks.reduce((sum, c) => sum + (WEIGHTS[c.type] ?? 0) * (100 - c.score), 0);
  const riskScore = Math.round(shortfall / 100);
  const critical = checks.filter((c) => c.status === 'fail' && CRITICAL.has(c.type));
  if (critical.length > 0 || riskScore >= REJECT_AT) {
    const reasons = (critical.length > 0 ? critical : checks.filter((c) => c.status === 'fail')).map((c) => c.detail);
    return {
      checks,
      riskScore: Math.max(riskScore, critical.length > 0 ? REJECT_AT : 0),
      verificationStatus: 'rejected',
      reason: reasons.length > 0 ? reasons.join(' ') : 'The application did not pass our automated verification.',
    };
  }
  if (riskScore < APPROVE_BELOW) return { checks, riskScore, verificationStatus: 'approved', reason: null };
  // Medium risk: "flagged" when a check failed outright, otherwise only warnings add up ("pending").
  const verificationStatus = checks.some((c) => c.status === 'fail') ? 'flagged' : 'pending';
  return { checks, riskScore, verificationStatus, reason: null };
}
