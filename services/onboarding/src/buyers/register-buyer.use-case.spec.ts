import { describe, expect, it } from '@jest/globals';
import type { EventMap, EventName } from '@paymarket/contracts';
import { ServiceError, type Transaction, type UnitOfWork } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import { BuyersRepository, type NewBuyer } from './buyers.repository.js';
import { RegisterBuyerUseCase } from './register-buyer.use-case.js';

class InMemoryBuyers extends BuyersRepository {
  readonly rows: NewBuyer[] = [];
  raceOnInsert = false;
  async existsByEmail(_tx: Transaction, email: string): Promise<boolean> {
    return this.rows.some((b) => b.email === email);
  }
  async insert(_tx: Transaction, buyer: NewBuyer): Promise<boolean> {
    if (this.raceOnInsert) return false;
    this.rows.push(buyer);
    return true;
  }
}

/** Commits only when the work succeeds, like the real unit of work: events of a failed run are discarded. */
function fakeUnitOfWork() {
  const published: Array<{ name: EventName; data: unknown }> = [];
  const uow = {
    run: async <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => {
      const pending: typeof published = [];
      const tx: Transaction = {
        manager: {} as EntityManager,
        publish: async <N extends EventName>(name: N, data: EventMap[N]) => {
          pending.push({ name, data });
          return { id: 'e1', name, data, occurredAt: '', producer: 'onboarding', correlationId: 'c' };
        },
      };
      const result = await work(tx);
      published.push(...pending);
      return result;
    },
  };
  return { uow: uow as unknown as UnitOfWork, published };
}

const input = { name: 'Ada', email: 'ada@example.com', company: '', businessType: 'retail' };

describe(RegisterBuyerUseCase.name, () => {
  it('stores the buyer and publishes buyer.registered in the same unit of work', async () => {
    const buyers = new InMemoryBuyers();
    const { uow, published } = fakeUnitOfWork();
    const sut = new RegisterBuyerUseCase(buyers, uow);

    const result = await sut.execute(input);

    expect(result.buyer).toEqual({ id: expect.any(String), name: 'Ada', email: 'ada@example.com' });
    expect(result.message).toContain('Ada');
    expect(buyers.rows).toEqual([expect.objectContaining({ email: 'ada@example.com', company: null, businessType: 'retail' })]);
    expect(published).toEqual([{ name: 'buyer.registered', data: { buyerId: result.buyer.id, email: 'ada@example.com', name: 'Ada' } }]);
  });

  it('refuses a taken email with a conflict and publishes nothing', async () => {
    const buyers = new InMemoryBuyers();
    const { uow, published } = fakeUnitOfWork();
    const sut = new RegisterBuyerUseCase(buyers, uow);
    await sut.execute(input);

    const error = await sut.execute({ ...input, name: 'Someone else' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'conflict', message: 'An account with this email already exists.' });
    expect(buyers.rows).toHaveLength(1);
    expect(published).toHaveLength(1);
  });

  it('treats losing a concurrent race on the unique email as the same conflict', async () => {
    const buyers = new InMemoryBuyers();
    buyers.raceOnInsert = true;
    const { uow, published } = fakeUnitOfWork();
    const sut = new RegisterBuyerUseCase(buyers, uow);

    await expect(sut.execute(input)).rejects.toMatchObject({ code: 'conflict' });
    expect(published).toHaveLength(0);
  });
});
