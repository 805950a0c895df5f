export const SellerErrors = {
  NOT_FOUND: 'Seller not found',
  /** Spec §6/§8: the update without the seller's token. */
  AUTH_REQUIRED: 'Authentication required. Only the seller who registered this profile can edit it.',
  /** Spec §2 "Seller edit": the no-permission text, also the 403 of a token that is not this seller's. */
  FORBIDDEN: "You don't have permission to edit this profile. Only the seller who registered can make changes.",
  BAD_CURSOR: 'The cursor is invalid. Start again from the first page.',
  BAD_LIMIT: 'limit must be a whole number from 1 to 100',
  /** A registration repeated with its Idempotency-Key after the window in which a new edit token is still handed out. */
  ALREADY_REGISTERED:
    'This seller profile was already created with this Idempotency-Key. To edit it, open it in the Sellers directory and choose "Lost your edit link?": we will email you a new link.',
} as const;

export const SELLER_REGISTERED_MESSAGE = 'Your seller profile has been created and is now live in the Sellers directory.';
