import type { RequestCategory } from '../dtos/requests/buyer-request.dto.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: event names are routing keys and inbox keys.
export const RequestEvents = {
  REQUEST_POSTED: 'request.posted',
  REQUEST_UPDATED: 'request.updated',
  REQUEST_DELETED: 'request.deleted',
  INTEREST_RECORDED: 'request.interest_recorded',
} as const;

export interface RequestPostedPayload {
  requestId: string;
  title: string;
  category: RequestCategory;
  buyerEmail: string;
}

export interface RequestUpdatedPayload {
  requestId: string;
  title: string;
  category: RequestCategory;
}

export interface RequestDeletedPayload {
  requestId: string;
  deletedAt: string;
}

/**
 * A seller registered interest in a request. It carries what the buyer's email needs: the seller's business name
 * and contact details as catalog holds them (never as the browser claimed them) and the seller's message.
 */
export interface InterestRecordedPayload {
  interestId: string;
  requestId: string;
  requestTitle: string;
  buyerEmail: string;
  buyerName: string;
  seller: {
    id: string;
    businessName: string;
    sellerName: string;
    email: string;
    phone: string;
    website: string | null;
  };
  message: string;
}

export interface RequestsEventMap {
  'request.posted': RequestPostedPayload;
  'request.updated': RequestUpdatedPayload;
  'request.deleted': RequestDeletedPayload;
  'request.interest_recorded': InterestRecordedPayload;
}
