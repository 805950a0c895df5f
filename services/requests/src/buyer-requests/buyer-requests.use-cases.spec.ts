import { describe, expect, it } from '@jest/globals';
import type { EventMap, EventName, RequestsActor } from '@paymarket/contracts';
import type { Once, Transaction, UnitOfWork } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import {
  BuyerRequestsRepository,
  type BoardFilter,
  type BoardStats,
  type BuyerRequestChanges,
  type BuyerRequestRow,
  type NewBuyerRequest,
  type NewInterest,
} from './buyer-requests.repository.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { DeleteBuyerRequestUseCase } from './delete-buyer-request.use-case.js';
import { ListBuyerRequestsUseCase } from './list-buyer-requests.use-case.js';
import { PostBuyerRequestUseCase } from './post-buyer-request.use-case.js';
import { RecordInterestUseCase } from './record-interest.use-case.js';
import { UpdateBuyerRequestUseCase } from './update-buyer-request.use-case.js';

class InMemoryRequests extends BuyerRequestsRepository {
  readonly rows: BuyerRequestRow[] = [];
  readonly interests: NewInterest[] = [];
  private seq = 0;
  lastFilter: BoardFilter | undefined;

  async insert(_tx: Transaction, r: NewBuyerRequest): Promise<BuyerRequestRow> {
    const now = new Date();
    const row = { ...r, seq: String(++this.seq), createdAt: now, updatedAt: now, deletedAt: null };
    this.rows.push(row);
    return row;
  }
  async findVisibleForUpdate(_tx: Transaction, id: string): Promise<BuyerRequestRow | null> {
    return this.rows.find((r) => r.id === id && r.deletedAt === null) ?? null;
  }
  async update(_tx: Transaction, id: string, changes: BuyerRequestChanges): Promise<BuyerRequestRow> {
    const row = this.rows.find((r) => r.id === id)!;
    Object.assign(row, changes, { updatedAt: new Date() });
    return row;
  }
  async softDelete(_tx: Transaction, id: string): Promise<Date> {
    const row = this.rows.find((r) => r.id === id)!;
    row.deletedAt = new Date();
    return row.deletedAt;
  }
  async listVisible(filter: BoardFilter): Promise<BuyerRequestRow[]> {
    this.lastFilter = filter;
    return this.rows
      .filter((r) => r.deletedAt === null && (!filter.beforeSeq || Number(r.seq) < Number(filter.beforeSeq)))
      .sort((a, b) => Number(b.seq) - Number(a.seq))
      .slice(0, filter.limit);
  }
  async visibleStats(): Promise<BoardStats> {
    const visible = this.rows.filter((r) => r.deletedAt === null);
    const categories: BoardStats['categories'] = {};
    for (const r of visible) categories[r.category] = (categories[r.category] ?? 0) + 1;
    return { total: visible.length, categories };
  }
  async insertInterest(_tx: Transaction, interest: NewInterest): Promise<boolean> {
    if (this.interests.some((i) => i.requestId === interest.requestId && i.sellerId === interest.sellerId)) return false;
    this.interests.push(interest);
    return true;
  }
}

/** Commits only when the work succeeds, like the real unit of work: events of a failed run are discarded. */
function fakeUnitOfWork() {
  const published: Array<{ name: EventName; data: unknown }> = [];
  // What each write asked to be made once by (the real once-per-key behaviour is in the integration spec).
  const onces: Once[] = [];
  const uow = {
    runOnce: async <T>(once: Once, work: (tx: Transaction) => Promise<T>): Promise<T> => {
      onces.push(once);
      return uow.run(work);
    },
    run: async <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => {
      const pending: typeof published = [];
      const tx: Transaction = {
        manager: {} as EntityManager,
        publish: async <N extends EventName>(name: N, data: EventMap[N]) => {
          pending.push({ name, data });
          return { id: 'e1', name, data, occurredAt: '', producer: 'requests', correlationId: 'c' };
        },
      };
      const result = await work(tx);
      published.push(...pending);
      return result;
    },
  };
  return { uow: uow as unknown as UnitOfWork, published, onces };
}

const ada: RequestsActor = { buyerId: 'b-ada', email: 'ada@example.com', name: 'Ada' };
const eve: RequestsActor = { buyerId: 'b-eve', email: 'eve@example.com', name: 'Eve' };
const seller = { id: 's-1', businessName: 'Print Co', sellerName: 'Pat', email: 'pat@print.co', phone: '5551234567', website: null };

function setup() {
  const repo = new InMemoryRequests();
  const { uow, published, onces } = fakeUnitOfWork();
  return {
    repo,
    published,
    onces,
    post: new PostBuyerRequestUseCase(repo, uow),
    update: new UpdateBuyerRequestUseCase(repo, uow),
    remove: new DeleteBuyerRequestUseCase(repo, uow),
    list: new ListBuyerRequestsUseCase(repo),
    contact: new RecordInterestUseCase(repo, uow),
  };
}

describe(PostBuyerRequestUseCase.name, () => {
  it('stores the request as the signed-in buyer, parses the budget once and publishes request.posted', async () => {
    const { repo, published, post } = setup();
    const result = await post.execute(ada, {
      title: 'Cards',
      description: 'Matte',
      budget: '$1,200 - $1,500',
      buyerEmail: 'eve@example.com',
    });
    expect(repo.rows[0]).toMatchObject({ buyerEmail: 'ada@example.com', buyerName: 'Ada', category: 'other', budgetMinCents: 120_000 });
    expect(result.request).toMatchObject({ title: 'Cards', buyerName: 'Ada', mine: true });
    expect(result.request).not.toHaveProperty('buyerEmail');
    expect(published).toEqual([
      { name: 'request.posted', data: { requestId: result.request.id, title: 'Cards', category: 'other', buyerEmail: 'ada@example.com' } },
    ]);
  });

  it('posts inside a given transaction with a given id, as the demo seed does', async () => {
    const { repo, published, post } = setup();
    const tx = { manager: {}, publish: async () => undefined } as unknown as Transaction;
    const id = 'de300000-0000-4000-8000-000000000099';
    const row = await post.postIn(tx, ada, { title: 'Cards', description: 'Matte', budget: '$80' }, id);
    expect(row).toMatchObject({ id, buyerId: 'b-ada', buyerEmail: 'ada@example.com', category: 'other', budgetMinCents: 8_000 });
    expect(repo.rows).toHaveLength(1);
    // Published through the caller's transaction, not a unit of work of its own.
    expect(published).toEqual([]);
  });

  it("is made once per Idempotency-Key within the buyer's own scope, keyed by what is posted (not the ignored email)", async () => {
    const { onces, post } = setup();
    await post.execute(ada, { title: 'Cards', description: 'Matte', buyerEmail: 'eve@example.com' }, 'key-1');
    await post.execute(eve, { title: 'Cards', description: 'Matte' });
    expect(onces).toEqual([
      {
        scope: 'board-posts:b-ada',
        key: 'key-1',
        request: { title: 'Cards', description: 'Matte', category: 'other', budget: '', timeline: '', location: '' },
      },
      expect.objectContaining({ scope: 'board-posts:b-eve', key: undefined }),
    ]);
  });
});

describe(UpdateBuyerRequestUseCase.name, () => {
  it('lets the owner edit and re-parses the budget', async () => {
    const { repo, update, post, published } = setup();
    const { request } = await post.execute(ada, { title: 'Cards', description: 'Matte', budget: '50' });
    await update.execute(ada, request.id, { title: 'Cards v2', description: 'Gloss', budget: '$600' });
    expect(repo.rows[0]).toMatchObject({ title: 'Cards v2', budgetMinCents: 60_000 });
    expect(published.map((e) => e.name)).toEqual(['request.posted', 'request.updated']);
  });

  it('refuses another buyer with forbidden and changes nothing', async () => {
    const { repo, update, post, published } = setup();
    const { request } = await post.execute(ada, { title: 'Cards', description: 'Matte' });
    await expect(update.execute(eve, request.id, { title: 'Hacked', description: 'x' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(repo.rows[0]!.title).toBe('Cards');
    expect(published).toHaveLength(1);
  });

  it('answers not_found for an unknown or deleted request', async () => {
    const { update, remove, post } = setup();
    await expect(update.execute(ada, 'nope', { title: 'x', description: 'y' })).rejects.toMatchObject({ code: 'not_found' });
    const { request } = await post.execute(ada, { title: 'Cards', description: 'Matte' });
    await remove.execute(ada, request.id);
    await expect(update.execute(ada, request.id, { title: 'x', description: 'y' })).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe(DeleteBuyerRequestUseCase.name, () => {
  it('soft-deletes for the owner only: hidden from the board and the stats, kept in storage', async () => {
    const { repo, remove, post, list, published } = setup();
    const { request } = await post.execute(ada, { title: 'Cards', description: 'Matte', category: 'business-cards' });
    await expect(remove.execute(eve, request.id)).rejects.toMatchObject({ code: 'forbidden' });
    await remove.execute(ada, request.id);
    expect(repo.rows).toHaveLength(1);
    expect(repo.rows[0]!.deletedAt).toBeInstanceOf(Date);
    expect(await list.execute({})).toMatchObject({ requests: [], stats: { total: 0, categories: {} } });
    expect(published.map((e) => e.name)).toEqual(['request.posted', 'request.deleted']);
  });
});

describe(ListBuyerRequestsUseCase.name, () => {
  it('pages newest first with an opaque cursor and marks the viewer’s own cards', async () => {
    const { post, list, repo } = setup();
    for (let i = 1; i <= 5; i++) await post.execute(i % 2 ? ada : eve, { title: `R${i}`, description: 'd' });
    const first = await list.execute({ limit: 2 }, 'ada@example.com');
    expect(first.requests.map((r) => [r.title, r.mine])).toEqual([
      ['R5', true],
      ['R4', false],
    ]);
    expect(first.stats.total).toBe(5);
    const second = await list.execute({ limit: 2, cursor: first.nextCursor! });
    expect(second.requests.map((r) => r.title)).toEqual(['R3', 'R2']);
    const third = await list.execute({ limit: 2, cursor: second.nextCursor! });
    expect(third.requests.map((r) => r.title)).toEqual(['R1']);
    expect(third.nextCursor).toBeNull();
    expect(repo.lastFilter).toMatchObject({ limit: 3 });
  });

  it('passes the filters on, turning blank or multi-line search text into one line', async () => {
    const { list, repo } = setup();
    await list.execute({ q: ' cards\nmatte ', category: 'packaging', budget: 'over-500' });
    expect(repo.lastFilter).toMatchObject({ q: 'cards matte', category: 'packaging', budget: 'over-500' });
    await list.execute({ q: '  ' });
    expect(repo.lastFilter?.q).toBeUndefined();
  });

  it('refuses a cursor it did not make', async () => {
    const { list } = setup();
    await expect(list.execute({ cursor: 'garbage!' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(list.execute({ cursor: Buffer.from('v1:abc').toString('base64url') })).rejects.toMatchObject({ code: 'invalid' });
  });
});

describe('cursor', () => {
  it('round-trips a seq', () => {
    expect(decodeCursor(encodeCursor('123456789012'))).toBe('123456789012');
  });
});

describe(RecordInterestUseCase.name, () => {
  it('records interest once per seller with the default message and publishes what the buyer’s email needs', async () => {
    const { post, contact, published, repo } = setup();
    const { request } = await post.execute(ada, { title: 'Cards', description: 'Matte' });
    await contact.execute(request.id, seller, '   ');
    expect(repo.interests).toEqual([expect.objectContaining({ sellerId: 's-1', message: "I'm interested in your project!" })]);
    expect(published[1]).toEqual({
      name: 'request.interest_recorded',
      data: expect.objectContaining({ buyerEmail: 'ada@example.com', buyerName: 'Ada', requestTitle: 'Cards', seller }),
    });
    await expect(contact.execute(request.id, seller, 'again')).rejects.toMatchObject({
      code: 'conflict',
      message: 'You have already contacted this buyer about this request.',
    });
    expect(published).toHaveLength(2);
  });

  it('answers not_found for a deleted request, and keeps earlier interest after deletion', async () => {
    const { post, contact, remove, repo } = setup();
    const { request } = await post.execute(ada, { title: 'Cards', description: 'Matte' });
    await contact.execute(request.id, seller, 'Hello');
    await remove.execute(ada, request.id);
    await expect(contact.execute(request.id, { ...seller, id: 's-2' }, 'Hi')).rejects.toMatchObject({ code: 'not_found' });
    expect(repo.interests).toHaveLength(1);
  });
});
