export const BuyerRequestErrors = {
  NOT_FOUND: 'This request no longer exists.',
  NOT_OWNER_UPDATE: 'Only the buyer who posted this request can edit it.',
  NOT_OWNER_DELETE: 'Only the buyer who posted this request can delete it.',
  CURSOR_INVALID: 'cursor is not valid',
  ALREADY_CONTACTED: 'You have already contacted this buyer about this request.',
} as const;

export const BuyerRequestSuccess = {
  POSTED: 'Sellers can now see your request and contact you directly.',
  UPDATED: 'Your request has been updated.',
  DELETED: 'Your request has been deleted.',
  INTEREST_RECORDED: 'The buyer will receive your contact information.',
} as const;
