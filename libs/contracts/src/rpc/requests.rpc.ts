import type { ListBuyerRequestsQueryDto, PostBuyerRequestDto, UpdateBuyerRequestDto } from '../dtos/requests/buyer-request.dto.js';
import type {
  BuyerRequestListResponse,
  BuyerRequestResponse,
  ContactBuyerResponse,
  DeleteBuyerRequestResponse,
} from '../dtos/requests/responses.js';
import type { InterestRecordedPayload } from '../events/requests.events.js';

// DO NOT CHANGE THE VALUES WITHOUT A MIGRATION PLAN: they are routing keys bound to service queues.
export const RequestsRpc = {
  LIST: 'requests.list',
  POST: 'requests.post',
  UPDATE: 'requests.update',
  DELETE: 'requests.delete',
  RECORD_INTEREST: 'requests.record_interest',
} as const;

/** The signed-in buyer as the gateway resolved it from the session cookie; never taken from a request body. */
export interface RequestsActor {
  buyerId: string;
  email: string;
  name: string;
}

/** The seller as catalog holds it, after the gateway verified the seller's edit token with catalog. */
export type InterestedSeller = InterestRecordedPayload['seller'];

export interface RequestsRpcMap {
  /** `viewerEmail`: the signed-in buyer, if any, so their own cards come back with `mine: true`. */
  'requests.list': { request: { query: ListBuyerRequestsQueryDto; viewerEmail?: string }; response: BuyerRequestListResponse };
  /** `idempotencyKey`: the caller's Idempotency-Key header; the post is made once per key and buyer (ADR 0048's retry audit). */
  'requests.post': {
    request: { actor: RequestsActor; input: PostBuyerRequestDto; idempotencyKey?: string };
    response: BuyerRequestResponse;
  };
  'requests.update': {
    request: { actor: RequestsActor; requestId: string; input: UpdateBuyerRequestDto };
    response: BuyerRequestResponse;
  };
  'requests.delete': { request: { actor: RequestsActor; requestId: string }; response: DeleteBuyerRequestResponse };
  'requests.record_interest': {
    request: { requestId: string; sellerMessage?: string; seller: InterestedSeller };
    response: ContactBuyerResponse;
  };
}
