// Free of decorators, so the API access page can import these without class-validator (web/src/lib/contracts-light.ts).
/** Spec §3 "API access request": the business types the form offers, in its order. */
export const API_ACCESS_BUSINESS_TYPES = [
  { value: 'e-commerce', label: 'E-commerce' },
  { value: 'marketplace', label: 'Marketplace' },
  { value: 'print-on-demand', label: 'Print-on-demand' },
  { value: 'saas', label: 'SaaS' },
  { value: 'agency', label: 'Agency' },
  { value: 'enterprise', label: 'Enterprise' },
  { value: 'startup', label: 'Startup' },
  { value: 'other', label: 'Other' },
] as const;
export type ApiAccessBusinessType = (typeof API_ACCESS_BUSINESS_TYPES)[number]['value'];

/** Spec §5 "API access" names the rules but no messages: each message names its field. */
export const API_ACCESS_MESSAGES = {
  NAME: 'Company name is required',
  WEBSITE: 'Website must be a valid URL',
  EMAIL: 'Please enter a valid email address',
  BUSINESS_TYPE: 'Please select a business type',
  CONTACT_NAME: 'Contact name is required',
  CONTACT_PHONE: 'Contact phone must be text',
  TAX_ID: 'Tax ID must be text',
  NOTES: 'Notes must be text',
  TOO_LONG: (field: string, max: number) => `${field} must be at most ${max} characters`,
  /** Spec §8. */
  FAILED_TITLE: 'Application Failed',
  FAILED_FALLBACK: 'Unable to process application',
  REJECTED_FALLBACK: 'Application could not be approved at this time.',
  APPROVAL_FAILED_TITLE: 'Approval Failed',
  APPROVAL_FAILED_FALLBACK: 'Approval failed',
} as const;

/** Texts of the outcomes (spec §2/§4: instant approval, 24-hour manual review, appeal). */
export const API_ACCESS_OUTCOME = {
  APPROVED: 'API access approved! Copy your credentials now: the secret key is shown only once.',
  PENDING: 'Your application needs a manual review. We will email you when it is decided.',
  ESTIMATED_REVIEW_TIME: '24 hours',
  APPEAL_EMAIL: 'compliance@paymarket.local',
  APPEAL_PROCESS:
    'Reply within 30 days to the appeal address with your company id, a link to your business registration and an email address on your website’s domain. A person reviews every appeal within 3 business days.',
} as const;
