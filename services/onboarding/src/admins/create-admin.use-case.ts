import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CreateAdminDto, summariseFieldErrors, validateDto } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { SessionsRepository } from '../auth/sessions.repository.js';
import { AdminsRepository } from './admins.repository.js';
import { hashPassword } from './password-hasher.js';

/** Used by `npm run admin:create`: creates an admin, or sets a new password for an existing one. */
@Injectable()
export class CreateAdminUseCase {
  constructor(
    private readonly admins: AdminsRepository,
    private readonly sessions: SessionsRepository,
  ) {}

  async execute(raw: { email: unknown; password: unknown }): Promise<{ id: string; email: string; outcome: 'created' | 'updated' }> {
    const input = validateDto(CreateAdminDto, raw);
    if (!input.ok) throw ServiceError.invalid(summariseFieldErrors(input.errors), input.errors);
    const existing = await this.admins.byEmail(input.value.email);
    const id = existing?.id ?? randomUUID();
    const outcome = await this.admins.upsert({ id, email: input.value.email, passwordHash: await hashPassword(input.value.password) });
    // A new password ends every session signed in with the old one.
    if (outcome === 'updated') await this.sessions.revokeAll('admin', id, new Date());
    return { id, email: input.value.email, outcome };
  }
}
