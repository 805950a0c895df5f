// Free of decorators, so the application page can import these without class-validator (web/src/lib/contracts-light.ts).
export const YEARS_IN_BUSINESS = [
  { value: 'less-than-1', label: 'Less than 1 year' },
  { value: '1-2', label: '1-2 years' },
  { value: '3-5', label: '3-5 years' },
  { value: '6-10', label: '6-10 years' },
  { value: 'more-than-10', label: 'More than 10 years' },
] as const;

/** Spec §5 "Provider application"; where the spec names a rule without a message, the message says the rule. */
export const PROVIDER_APPLICATION_MESSAGES = {
  BUSINESS_NAME: 'Business name must be at least 2 characters',
  CONTACT_NAME: 'Contact name must be at least 2 characters',
  EMAIL: 'Please enter a valid email address',
  PHONE: 'Please enter a valid phone number',
  BUSINESS_ADDRESS: 'Please enter your complete business address',
  WEBSITE: 'Please enter a valid website URL',
  YEARS_IN_BUSINESS: 'Please select years in business',
  SERVICE_AREA: 'Service area must be at least 2 characters',
  PRINT_CAPABILITIES: 'Please describe your print capabilities (at least 20 characters)',
  TURNAROUND_TIME: 'Turnaround time must be at least 5 characters',
  STRIPE_CONNECT_ID: 'Please enter your Stripe Connect Account ID',
  PORTFOLIO: 'Please describe your portfolio (at least 50 characters)',
  TERMS: 'You must agree to the terms and conditions',
  /** Shown when the connected account did not validate (spec §5). */
  INVALID_STRIPE_ACCOUNT: 'Invalid Stripe Account: Please provide a valid Stripe Connect Account ID before submitting.',
} as const;
