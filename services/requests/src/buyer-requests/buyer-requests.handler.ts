import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ContactBuyerDto,
  ListBuyerRequestsQueryDto,
  PostBuyerRequestDto,
  RpcPatterns,
  UpdateBuyerRequestDto,
  validateDto,
  type BuyerRequestListResponse,
  type BuyerRequestResponse,
  type ContactBuyerResponse,
  type DeleteBuyerRequestResponse,
  type InterestedSeller,
  type RequestsActor,
  type RpcEnvelope,
  type RpcRequest,
} from '@paymarket/contracts';
import { idempotencyKeyFrom, ServiceError } from '@paymarket/platform';
import { BuyerRequestErrors } from './buyer-requests.exception.js';
import { DeleteBuyerRequestUseCase } from './delete-buyer-request.use-case.js';
import { ListBuyerRequestsUseCase } from './list-buyer-requests.use-case.js';
import { PostBuyerRequestUseCase } from './post-buyer-request.use-case.js';
import { RecordInterestUseCase } from './record-interest.use-case.js';
import { UpdateBuyerRequestUseCase } from './update-buyer-request.use-case.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function validOrThrow<T extends object>(cls: new () => T, value: unknown): T {
  const result = validateDto(cls, value);
  if (!result.ok) {
    throw ServiceError.invalid([...new Set(Object.values(result.errors).flat())].join('; '), result.errors);
  }
  return result.value;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

// The gateway resolves the actor from the session cookie; a caller without one is refused here too.
function actorOf(value: unknown): RequestsActor {
  const actor = value as Partial<RequestsActor> | undefined;
  if (!actor || !isText(actor.buyerId) || !isText(actor.email) || typeof actor.name !== 'string') {
    throw ServiceError.unauthorized('Please sign in to continue.');
  }
  return { buyerId: actor.buyerId, email: actor.email.trim().toLowerCase(), name: actor.name };
}

function requestIdOf(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw ServiceError.notFound(BuyerRequestErrors.NOT_FOUND);
  return value.toLowerCase();
}

function sellerOf(value: unknown): InterestedSeller {
  const s = value as Partial<InterestedSeller> | undefined;
  if (!s || !isText(s.id) || !isText(s.businessName) || !isText(s.email)) {
    throw ServiceError.unauthorized('Only registered sellers can contact buyers.');
  }
  return {
    id: s.id,
    businessName: s.businessName,
    sellerName: s.sellerName ?? '',
    email: s.email,
    phone: s.phone ?? '',
    website: s.website ?? null,
  };
}

@Controller()
export class BuyerRequestsHandler {
  constructor(
    private readonly listRequests: ListBuyerRequestsUseCase,
    private readonly postRequest: PostBuyerRequestUseCase,
    private readonly updateRequest: UpdateBuyerRequestUseCase,
    private readonly deleteRequest: DeleteBuyerRequestUseCase,
    private readonly recordInterest: RecordInterestUseCase,
  ) {}

  @MessagePattern<string>(RpcPatterns.requests.LIST)
  async list(@Payload() message: RpcEnvelope<RpcRequest<'requests.list'>>): Promise<BuyerRequestListResponse> {
    const query = validOrThrow(ListBuyerRequestsQueryDto, message.data?.query ?? {});
    const viewer = message.data?.viewerEmail;
    return this.listRequests.execute(query, typeof viewer === 'string' ? viewer.toLowerCase() : undefined);
  }

  // Inputs are validated again here: the gateway is not the only possible caller.
  @MessagePattern<string>(RpcPatterns.requests.POST)
  async post(@Payload() message: RpcEnvelope<RpcRequest<'requests.post'>>): Promise<BuyerRequestResponse> {
    const actor = actorOf(message.data?.actor);
    const input = validOrThrow(PostBuyerRequestDto, message.data?.input);
    return this.postRequest.execute(actor, input, idempotencyKeyFrom(message.data?.idempotencyKey));
  }

  @MessagePattern<string>(RpcPatterns.requests.UPDATE)
  async update(@Payload() message: RpcEnvelope<RpcRequest<'requests.update'>>): Promise<BuyerRequestResponse> {
    const actor = actorOf(message.data?.actor);
    const requestId = requestIdOf(message.data?.requestId);
    return this.updateRequest.execute(actor, requestId, validOrThrow(UpdateBuyerRequestDto, message.data?.input));
  }

  @MessagePattern<string>(RpcPatterns.requests.DELETE)
  async remove(@Payload() message: RpcEnvelope<RpcRequest<'requests.delete'>>): Promise<DeleteBuyerRequestResponse> {
    const actor = actorOf(message.data?.actor);
    return this.deleteRequest.execute(actor, requestIdOf(message.data?.requestId));
  }

  @MessagePattern<string>(RpcPatterns.requests.RECORD_INTEREST)
  async contact(@Payload() message: RpcEnvelope<RpcRequest<'requests.record_interest'>>): Promise<ContactBuyerResponse> {
    const seller = sellerOf(message.data?.seller);
    const input = validOrThrow(ContactBuyerDto, { requestId: message.data?.requestId, sellerMessage: message.data?.sellerMessage });
    return this.recordInterest.execute(requestIdOf(input.requestId), seller, input.sellerMessage);
  }
}
