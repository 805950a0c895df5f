import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PostBuyerRequestDto, validateDto } from '@paymarket/contracts';
import { createLogger, SERVICE_CONFIG, UnitOfWork, type ServiceRuntimeConfig } from '@paymarket/platform';
import { PostBuyerRequestUseCase } from '../buyer-requests/post-buyer-request.use-case.js';
import { SEED_BUYER_REQUESTS } from './requests-seed-data.js';

const log = createLogger('requests-seed');

/** The demo requests as the requests handler would pass them on: validated (and trimmed) by the shared DTO. */
export function seedPosts(): Array<(typeof SEED_BUYER_REQUESTS)[number]> {
  return SEED_BUYER_REQUESTS.map((seed) => {
    const result = validateDto(PostBuyerRequestDto, seed.input);
    if (!result.ok) throw new Error(`demo buyer request ${seed.id} is invalid: ${JSON.stringify(result.errors)}`);
    return { ...seed, input: result.value };
  });
}

/**
 * Posts a handful of demonstration buyer requests on an empty board, so a first start shows /buyer-requests in use.
 * Same switch as the catalog's seed (the launcher's `seed`: embedded mode unless NODE_ENV=production or
 * PAYMARKET_SEED=false; the cluster process only with PAYMARKET_SEED=true) and never in production. Only when the
 * table has never held a request (a deleted demo request stays deleted); an advisory lock keeps replicas from seeding
 * twice. The posts go through PostBuyerRequestUseCase, so the rows and their `request.posted` events are a buyer's:
 * the gateway's board cache and live view drop the page they may hold. Nobody is emailed (no service emails on it).
 */
@Injectable()
export class RequestsSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly posts: PostBuyerRequestUseCase,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceRuntimeConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seed || this.config.production) return;
    const posts = seedPosts();
    const seeded = await this.unitOfWork.run(async (tx) => {
      await tx.manager.query(`SELECT pg_advisory_xact_lock(hashtext('seed:requests'))`);
      const [{ empty }] = (await tx.manager.query(`SELECT NOT EXISTS (SELECT 1 FROM buyer_requests) AS empty`)) as [{ empty: boolean }];
      if (!empty) return false;
      for (const { id, buyer, input } of posts) await this.posts.postIn(tx, buyer, input, id);
      return true;
    });
    if (seeded) log.info({ requests: posts.length }, 'seeded the empty board with demonstration buyer requests');
  }
}
