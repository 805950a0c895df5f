import { describe, expect, it } from '@jest/globals';
import {
  budgetBucketOf,
  PostBuyerRequestFormDto,
  REQUEST_CATEGORIES,
  validateDto,
  type PostBuyerRequestDto,
  type RequestsActor,
} from '@paymarket/contracts';
import type { ServiceRuntimeConfig, Transaction, UnitOfWork } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';
import type { PostBuyerRequestUseCase } from '../buyer-requests/post-buyer-request.use-case.js';
import { RequestsSeeder, seedPosts } from './requests-seeder.js';
import { DEMO_BUYER_ID_PREFIX, SEED_BUYER_REQUESTS } from './requests-seed-data.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A unit of work whose SQL answers whether the board is empty; records the statements and the posts made. */
function setup(options: { seed?: boolean; production?: boolean; empty?: boolean } = {}) {
  const statements: string[] = [];
  const posted: Array<{ buyer: RequestsActor; input: PostBuyerRequestDto; id: string | undefined }> = [];
  let transactions = 0;
  const tx = {
    manager: {
      query: async (sql: string) => {
        statements.push(sql);
        return sql.includes('NOT EXISTS') ? [{ empty: options.empty ?? true }] : [];
      },
    } as unknown as EntityManager,
    publish: async () => {
      throw new Error('the seeder publishes through the post use case');
    },
  } as unknown as Transaction;
  const uow = {
    run: async <T>(work: (t: Transaction) => Promise<T>): Promise<T> => {
      transactions++;
      return work(tx);
    },
  } as unknown as UnitOfWork;
  const posts = {
    postIn: async (_tx: Transaction, buyer: RequestsActor, input: PostBuyerRequestDto, id?: string) => {
      posted.push({ buyer, input, id });
      return {};
    },
  } as unknown as PostBuyerRequestUseCase;
  const config = { seed: options.seed ?? true, production: options.production ?? false } as ServiceRuntimeConfig;
  return { sut: new RequestsSeeder(uow, posts, config), statements, posted, transactions: () => transactions };
}

describe('demo buyer requests (seed data)', () => {
  it('would each be accepted by the Post New Request form, with its email', () => {
    for (const { buyer, input } of SEED_BUYER_REQUESTS) {
      const result = validateDto(PostBuyerRequestFormDto, { ...input, buyerEmail: buyer.email });
      expect(result).toMatchObject({ ok: true });
    }
    expect(seedPosts()).toHaveLength(SEED_BUYER_REQUESTS.length);
  });

  it('fill the board’s first view (six cards) with varied categories, budget buckets and places', () => {
    expect(SEED_BUYER_REQUESTS).toHaveLength(6);
    const categories = SEED_BUYER_REQUESTS.map((r) => r.input.category);
    expect(new Set(categories).size).toBe(categories.length);
    for (const category of categories) expect(REQUEST_CATEGORIES).toContain(category);
    const buckets = new Set(SEED_BUYER_REQUESTS.map((r) => budgetBucketOf(r.input.budget)));
    expect([...buckets].sort()).toEqual(['100-500', 'over-500', 'under-100']);
    expect(new Set(SEED_BUYER_REQUESTS.map((r) => r.input.location)).size).toBe(6);
    for (const { input } of SEED_BUYER_REQUESTS) expect(input.timeline).not.toBe('');
  });

  it('have fixed ids and demo buyers that no sign-in can be', () => {
    const ids = SEED_BUYER_REQUESTS.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { id, buyer } of SEED_BUYER_REQUESTS) {
      expect(id).toMatch(UUID);
      // Onboarding's buyer ids are UUIDs; these are not.
      expect(buyer.buyerId.startsWith(DEMO_BUYER_ID_PREFIX)).toBe(true);
      expect(buyer.buyerId).not.toMatch(UUID);
      // As the handler stores a session's email: lower case; and at a reserved domain, like the demo sellers'.
      expect(buyer.email).toBe(buyer.email.toLowerCase());
      expect(buyer.email).toMatch(/@[a-z]+\.example\.com$/);
      expect(buyer.name).not.toBe('');
    }
  });
});

describe(RequestsSeeder.name, () => {
  it('posts every demo request on an empty board, in order, with its fixed id, under the seed lock', async () => {
    const { sut, statements, posted } = setup();
    await sut.onApplicationBootstrap();
    expect(statements[0]).toContain("pg_advisory_xact_lock(hashtext('seed:requests'))");
    expect(posted.map((p) => p.id)).toEqual(SEED_BUYER_REQUESTS.map((r) => r.id));
    expect(posted[0]).toEqual({ ...SEED_BUYER_REQUESTS[0], input: expect.objectContaining(SEED_BUYER_REQUESTS[0]!.input) });
  });

  it('posts nothing on a board that has ever held a request (a second start, or demo requests deleted)', async () => {
    const { sut, posted, transactions } = setup({ empty: false });
    await sut.onApplicationBootstrap();
    expect(transactions()).toBe(1);
    expect(posted).toEqual([]);
  });

  it.each([
    ['seed is off', { seed: false }],
    ['in production, even when asked to seed', { seed: true, production: true }],
  ])('does not touch the database when %s', async (_case, options) => {
    const { sut, posted, transactions } = setup(options);
    await sut.onApplicationBootstrap();
    expect(transactions()).toBe(0);
    expect(posted).toEqual([]);
  });
});
