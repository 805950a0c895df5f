import { Inject, Injectable } from '@nestjs/common';
import { CREDENTIALS_LINK_MESSAGES, type RevealCredentialsResponse } from '@paymarket/contracts';
import { SERVICE_CONFIG, ServiceError, UnitOfWork, type ServiceRuntimeConfig } from '@paymarket/platform';
import { Clock } from '../auth/clock.js';
import { isUuid } from './ids.js';
import { CompaniesRepository } from './companies.repository.js';
import { generateCredentials, hashSecret, secretMatches } from './credentials.js';
import { ApiKeys } from '../developer-console/api-keys.use-cases.js';

/**
 * Redeems the one-time link of an administrator's approval: the credentials are generated now, stored (secret as a
 * hash) and answered this once. Any failure has the same message, so the link cannot be probed.
 */
@Injectable()
export class RevealCompanyCredentialsUseCase {
  constructor(
    private readonly companies: CompaniesRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly apiKeys: ApiKeys,
    @Inject(SERVICE_CONFIG) private readonly config: Pick<ServiceRuntimeConfig, 'production'>,
  ) {}

  async execute(input: { companyId: unknown; token: string }): Promise<RevealCredentialsResponse> {
    const invalid = () => ServiceError.invalid(CREDENTIALS_LINK_MESSAGES.INVALID, { token: [CREDENTIALS_LINK_MESSAGES.INVALID] });
    if (!isUuid(input.companyId)) throw invalid();
    const companyId = input.companyId;
    const now = this.clock.now();
    return this.unitOfWork.run(async (tx) => {
      const company = await this.companies.lock(tx, companyId);
      if (
        !company ||
        company.verificationStatus !== 'approved' ||
        !secretMatches(input.token, company.credentialsLinkHash) ||
        company.credentialsLinkUsedAt !== null ||
        !company.credentialsLinkExpiresAt ||
        company.credentialsLinkExpiresAt.getTime() <= now.getTime()
      ) {
        throw invalid();
      }
      const credentials = generateCredentials(this.config.production);
      await this.companies.update(tx, companyId, {
        apiKey: credentials.apiKey,
        secretKeyHash: hashSecret(credentials.secretKey),
        credentialsIssuedAt: now,
        credentialsLinkUsedAt: now,
      });
      await this.apiKeys.issueDefault(tx, companyId, credentials.secretKey, now);
      return { company: { id: company.id, name: company.name }, credentials };
    });
  }
}
