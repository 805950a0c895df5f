import { Controller, type OnModuleInit } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RecoverSellerTokenDto,
  RegisterSellerDto,
  RequestSellerEditLinkDto,
  RpcPatterns,
  UpdateSellerDto,
  type RegisterSellerResponse,
  type RpcEnvelope,
  type RpcResponse,
  type SellerPayoutAccount,
  type SellerProfile,
  type SellersShowcase,
} from '@paymarket/contracts';
import { idempotencyKeyFrom, registerLeanRpc } from '@paymarket/platform';
import { objectOf, validOrThrow } from '../shared/validate.js';
import { ListSellersUseCase } from './list-sellers.use-case.js';
import { RegisterSellerUseCase } from './register-seller.use-case.js';
import { SellerEditLinkUseCase } from './seller-edit-link.use-case.js';
import { UpdateSellerUseCase } from './update-seller.use-case.js';

const P = RpcPatterns.catalog;

@Controller()
export class SellersHandler implements OnModuleInit {
  constructor(
    private readonly registerSeller: RegisterSellerUseCase,
    private readonly listSellers: ListSellersUseCase,
    private readonly updateSeller: UpdateSellerUseCase,
    private readonly editLinks: SellerEditLinkUseCase,
  ) {}

  /**
   * The hot one-row reads are also answered on the lean RPC path (ADR 0057: no Nest pipeline per message on the
   * RPC queue's consumer); the same functions as the @MessagePattern handlers below, which embedded mode uses.
   */
  onModuleInit(): void {
    registerLeanRpc(P.GET_SELLER, (data) => this.readSeller(data));
    registerLeanRpc(P.GET_SELLER_PAYOUT_ACCOUNT, (data) => this.readPayoutAccount(data));
  }

  private readSeller(data: unknown): Promise<SellerProfile> {
    return this.listSellers.get(objectOf(data).sellerId);
  }

  private readPayoutAccount(data: unknown): Promise<SellerPayoutAccount> {
    return this.listSellers.payoutAccount(objectOf(data).sellerId);
  }

  @MessagePattern<string>(P.REGISTER_SELLER)
  async register(@Payload() message: RpcEnvelope<unknown>): Promise<RegisterSellerResponse> {
    // The caller's Idempotency-Key travels beside the form's fields (catalog.register_seller's contract).
    const { idempotencyKey, ...form } = objectOf(message.data);
    return this.registerSeller.execute(validOrThrow(RegisterSellerDto, form), idempotencyKeyFrom(idempotencyKey));
  }

  @MessagePattern<string>(P.LIST_SELLERS)
  async list(@Payload() message: RpcEnvelope<unknown>): Promise<SellersShowcase> {
    const data = objectOf(message.data);
    return this.listSellers.showcase({ limit: data.limit, cursor: data.cursor, payable: data.payable === true });
  }

  @MessagePattern<string>(P.GET_SELLER)
  async get(@Payload() message: RpcEnvelope<unknown>): Promise<SellerProfile> {
    return this.readSeller(message.data);
  }

  /** Asked by payments only; the gateway has no route to it, so account ids never leave the server. */
  @MessagePattern<string>(P.GET_SELLER_PAYOUT_ACCOUNT)
  async payoutAccount(@Payload() message: RpcEnvelope<unknown>): Promise<SellerPayoutAccount> {
    return this.readPayoutAccount(message.data);
  }

  @MessagePattern<string>(P.VERIFY_SELLER_TOKEN)
  async verify(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'catalog.verify_seller_token'>> {
    const data = objectOf(message.data);
    return { sellerId: await this.updateSeller.authorize(data.sellerId, data.token) };
  }

  @MessagePattern<string>(P.UPDATE_SELLER)
  async update(@Payload() message: RpcEnvelope<unknown>): Promise<SellerProfile> {
    const data = objectOf(message.data);
    // Authorisation first: a caller without the token learns nothing about the validation rules' outcome.
    await this.updateSeller.authorize(data.sellerId, data.token);
    return this.updateSeller.execute({ sellerId: data.sellerId, token: data.token, profile: validOrThrow(UpdateSellerDto, data.profile) });
  }

  @MessagePattern<string>(P.REQUEST_SELLER_EDIT_LINK)
  async requestEditLink(@Payload() message: RpcEnvelope<unknown>): Promise<{ message: string }> {
    const data = objectOf(message.data);
    const { email } = validOrThrow(RequestSellerEditLinkDto, { email: data.email });
    return this.editLinks.request({ sellerId: data.sellerId, email });
  }

  @MessagePattern<string>(P.RECOVER_SELLER_TOKEN)
  async recover(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'catalog.recover_seller_token'>> {
    const data = objectOf(message.data);
    const { recoveryToken } = validOrThrow(RecoverSellerTokenDto, { recoveryToken: data.recoveryToken });
    return this.editLinks.recover({ sellerId: data.sellerId, recoveryToken });
  }
}
