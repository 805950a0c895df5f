import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { OnboardingEvents, type RegisterBuyerDto, type RegisterBuyerResponse } from '@paymarket/contracts';
import { ServiceError, UnitOfWork } from '@paymarket/platform';
import { BuyersRepository } from './buyers.repository.js';
import { BuyerErrors } from './buyers.exception.js';

@Injectable()
export class RegisterBuyerUseCase {
  constructor(
    private readonly buyers: BuyersRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(input: RegisterBuyerDto): Promise<RegisterBuyerResponse> {
    const buyer = {
      id: randomUUID(),
      name: input.name,
      email: input.email,
      company: input.company || null,
      businessType: input.businessType || null,
      expectedVolume: input.expectedVolume || null,
      requirements: input.requirements || null,
    };
    await this.unitOfWork.run(async (tx) => {
      if (await this.buyers.existsByEmail(tx, buyer.email)) {
        throw ServiceError.conflict(BuyerErrors.EMAIL_TAKEN, { email: [BuyerErrors.EMAIL_TAKEN] });
      }
      if (!(await this.buyers.insert(tx, buyer))) {
        throw ServiceError.conflict(BuyerErrors.EMAIL_TAKEN, { email: [BuyerErrors.EMAIL_TAKEN] });
      }
      await tx.publish(OnboardingEvents.BUYER_REGISTERED, { buyerId: buyer.id, email: buyer.email, name: buyer.name });
    });
    return {
      buyer: { id: buyer.id, name: buyer.name, email: buyer.email },
      message: `Welcome to PayMarket, ${buyer.name}! You can now order from print providers.`,
    };
  }
}
