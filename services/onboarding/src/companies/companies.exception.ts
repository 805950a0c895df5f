export const CompanyErrors = {
  NOT_FOUND: 'Company not found',
  ALREADY_DECIDED: (status: string) => `This company is already ${status}; only pending or flagged companies can be approved.`,
  DUPLICATE_EMAIL: 'An API access application for this email already exists.',
} as const;
