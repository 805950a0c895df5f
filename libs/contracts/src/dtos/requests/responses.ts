import type { RequestCategory } from './buyer-request.dto.js';

/**
 * One request on the public board (spec §3). The buyer's email is not published: sellers reach the buyer through
 * "Contact Buyer", which emails the buyer; `mine` tells a signed-in buyer which cards they may edit and delete.
 */
export interface BuyerRequestView {
  id: string;
  title: string;
  description: string;
  category: RequestCategory;
  budget: string;
  timeline: string;
  location: string;
  buyerName: string;
  createdAt: string;
  updatedAt: string;
  mine: boolean;
}

/** GET /api/buyer-requests (spec §3 list response plus the cursor of the next page, null on the last). */
export interface BuyerRequestListResponse {
  requests: BuyerRequestView[];
  stats: { total: number; categories: Partial<Record<RequestCategory, number>> };
  nextCursor: string | null;
}

export interface BuyerRequestResponse {
  request: BuyerRequestView;
  message: string;
}

export interface DeleteBuyerRequestResponse {
  id: string;
  message: string;
}

export interface ContactBuyerResponse {
  requestId: string;
  message: string;
}
