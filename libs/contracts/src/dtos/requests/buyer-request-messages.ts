// The buyer requests' limits and texts, free of decorators so that the web's dialogs can import them without the
// contracts' barrel (web/src/lib/contracts-light.ts); buyer-request.dto.ts validates with them and re-exports them.

export const REQUEST_LIMITS = {
  TITLE: 150,
  DESCRIPTION: 5000,
  BUDGET: 100,
  TIMELINE: 100,
  LOCATION: 150,
  SELLER_MESSAGE: 2000,
} as const;

export const BUYER_REQUEST_MESSAGES = {
  /** Spec §5, post: title, description and the registered email are required (toast title + text). */
  MISSING_REQUIRED_TITLE: 'Missing Required Fields',
  MISSING_REQUIRED_TEXT: 'Please fill in title, description, and your registered email.',
  MISSING_REQUIRED: 'Missing Required Fields: Please fill in title, description, and your registered email.',
  /** Spec §5, edit. */
  EDIT_REQUIRED: 'Title and description are required.',
  CATEGORY_INVALID: 'Please choose a category from the list.',
  EMAIL_INVALID: 'Please enter a valid email address',
  TOO_LONG: (field: string, max: number) => `${field} must be at most ${max} characters`,
  DEFAULT_SELLER_MESSAGE: "I'm interested in your project!",
  REQUEST_ID_INVALID: 'Choose a request to contact.',
  SELLER_MESSAGE_TEXT: 'The message must be text',
} as const;
