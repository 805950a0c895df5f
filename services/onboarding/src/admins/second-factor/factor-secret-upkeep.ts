import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger } from '@paymarket/platform';
import { FactorSecretBox } from './factor-secret-box.js';
import { SecondFactorRepository, type StoredTotpSecrets } from './second-factor.repository.js';

const log = createLogger('admin-factor-keys');

/** A decryption error's message (a key id at most, never a value); crypto's errors may come from another realm. */
const messageOf = (err: unknown): string => {
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : 'unknown error';
};

/** What one upkeep did: values moved to the current key, and rows it could not read (left as they are). */
export interface FactorUpkeepCounts {
  reEncrypted: number;
  unreadable: number;
}

/**
 * Rotating ADMIN_FACTOR_KEYS (ADR 0072), as webhook secrets do (ADR 0036): every TOTP secret stored under an older
 * key than the current one (the first of the ring), confirmed or pending, is re-encrypted under it, so that the old
 * key can then leave the ring. Safe in every replica at once and alongside enrolments: each row is a compare-and-set
 * on the values it read, so a row someone else changed meanwhile is left to them.
 */
@Injectable()
export class FactorSecretUpkeep {
  constructor(
    private readonly factors: SecondFactorRepository,
    private readonly box: FactorSecretBox,
  ) {}

  async upkeep(batch = 100): Promise<FactorUpkeepCounts> {
    const counts: FactorUpkeepCounts = { reEncrypted: 0, unreadable: 0 };
    let afterAdminId: string | null = null;
    for (;;) {
      const rows = await this.factors.totpSecretsNotUnder(this.box.currentKeyId, afterAdminId, batch);
      for (const { adminId, ...stored } of rows) {
        let next: StoredTotpSecrets;
        try {
          next = this.reEncrypted(adminId, stored);
        } catch (err) {
          // Its key left the ring too early, or the value was tampered with: it stays as it is (the admin cannot use
          // this authenticator app until an operator resets the second factor). The admin id only, never a value.
          counts.unreadable++;
          log.error(
            { adminId, err: messageOf(err) },
            'unreadable admin TOTP secret: left as it is; reset it with npm run admin:create -- --email … --reset-second-factor',
          );
          continue;
        }
        if (await this.factors.replaceTotpSecrets(adminId, stored, next)) counts.reEncrypted++;
      }
      if (rows.length < batch) return counts;
      afterAdminId = rows.at(-1)!.adminId;
    }
  }

  private reEncrypted(adminId: string, stored: StoredTotpSecrets): StoredTotpSecrets {
    const again = (value: string) =>
      this.box.needsReEncryption(value) ? this.box.encrypt(this.box.decrypt(value, adminId), adminId) : value;
    const secretEncrypted = again(stored.secretEncrypted);
    const pending = stored.pendingSecretEncrypted;
    // A first enrolment keeps the one value in both columns (savePendingTotp): it stays one value.
    return {
      secretEncrypted,
      pendingSecretEncrypted: pending === null ? null : pending === stored.secretEncrypted ? secretEncrypted : again(pending),
    };
  }
}

/**
 * Runs FactorSecretUpkeep once when onboarding starts (the key ring is read at start, so a rotation always comes with
 * one), in the background: the service serves meanwhile, old values still decrypt under the old key, and a failure is
 * logged, never fatal (the next start tries again).
 */
@Injectable()
export class FactorSecretMaintenance implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private started = false;
  private running: Promise<void> | undefined;

  constructor(
    private readonly upkeep: FactorSecretUpkeep,
    private readonly box: FactorSecretBox,
  ) {}

  onApplicationBootstrap(): void {
    // Once: a Nest microservice calls this hook twice (from init and again from registerModules).
    if (this.started) return;
    this.started = true;
    this.running = this.run().finally(() => (this.running = undefined));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.running;
  }

  async run(): Promise<void> {
    try {
      const counts = await this.upkeep.upkeep();
      // Every start says so, also with nothing to do: the operator rotating keys waits for this line (docs/runbook.md).
      log.info({ currentKeyId: this.box.currentKeyId, ...counts }, 'admin TOTP secret upkeep done');
    } catch (err) {
      log.warn({ err }, 'admin TOTP secret upkeep failed');
    }
  }
}
