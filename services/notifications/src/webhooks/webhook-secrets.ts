import { Inject, Injectable } from '@nestjs/common';
import { createLogger, type Transaction } from '@paymarket/platform';
import { generateWebhookSecret, WebhookSecretBox } from './webhook-secret-box.js';
import type { SigningSecrets } from './webhook-signature.js';
import { WebhooksRepository, type StoredSecrets } from './webhooks.repository.js';

export const WEBHOOK_SECRET_BOX = Symbol('WEBHOOK_SECRET_BOX');
const log = createLogger('webhook-secrets');

/** The most a roll may keep the previous secret signing alongside the new one. */
export const MAX_ROLL_OVERLAP_HOURS = 24;

/** A roll's new secret (answered once) and until when the previous one keeps signing (null: it stopped at once). */
export interface RolledSecret {
  secret: string;
  previousExpiresAt: Date | null;
}

/**
 * Endpoint secrets (ADR 0036): made here, stored only encrypted, decrypted when a delivery is signed or the owner
 * reveals it. Never logged, never put in an event.
 */
@Injectable()
export class WebhookSecrets {
  constructor(
    private readonly webhooks: WebhooksRepository,
    @Inject(WEBHOOK_SECRET_BOX) private readonly box: WebhookSecretBox,
  ) {}

  /** A fresh secret for a new endpoint: the clear value (answered once) and what to store. */
  create(endpointId: string): { secret: string; ciphertext: string } {
    const secret = generateWebhookSecret();
    return { secret, ciphertext: this.box.encrypt(secret, endpointId) };
  }

  /** What a delivery to this endpoint is signed with now (creates the secret of an endpoint older than secrets). */
  async signingSecrets(endpointId: string, stored: StoredSecrets): Promise<SigningSecrets> {
    const current = await this.currentOf(endpointId, stored);
    const previous =
      stored.previousCiphertext && stored.previousExpiresAt && stored.previousExpiresAt.getTime() > Date.now()
        ? this.box.decrypt(stored.previousCiphertext, endpointId)
        : null;
    return { current, previous };
  }

  /** The current secret, for its owner (null when the endpoint is not the company's). */
  async reveal(companyId: string, endpointId: string): Promise<string | null> {
    const stored = await this.webhooks.secretsOf(companyId, endpointId);
    return stored ? this.currentOf(endpointId, stored) : null;
  }

  /**
   * A new secret; the old one keeps signing alongside for `overlapHours` (0: stops at once). In `tx` when given: the
   * endpoint stays locked and the roll commits with the caller's transaction (its Idempotency-Key).
   */
  async roll(companyId: string, endpointId: string, overlapHours: number, tx?: Transaction): Promise<RolledSecret | null> {
    const stored = await this.webhooks.secretsOf(companyId, endpointId, tx);
    if (!stored) return null;
    const previous = stored.ciphertext ? this.box.encrypt(this.box.decrypt(stored.ciphertext, endpointId), endpointId) : null;
    const { secret, ciphertext } = this.create(endpointId);
    const expiresAt = previous && overlapHours > 0 ? new Date(Date.now() + overlapHours * 3_600_000) : null;
    await this.webhooks.storeSecrets(
      endpointId,
      { ciphertext, previousCiphertext: expiresAt ? previous : null, previousExpiresAt: expiresAt },
      tx,
    );
    return { secret, previousExpiresAt: expiresAt };
  }

  private async currentOf(endpointId: string, stored: StoredSecrets): Promise<string> {
    if (!stored.ciphertext) {
      const { secret, ciphertext } = this.create(endpointId);
      // Another caller may have created one meanwhile: the first one stored wins and is what everyone uses.
      const winner = await this.webhooks.storeFirstSecret(endpointId, ciphertext);
      return winner === ciphertext ? secret : this.box.decrypt(winner, endpointId);
    }
    const secret = this.box.decrypt(stored.ciphertext, endpointId);
    if (this.box.needsReEncryption(stored.ciphertext)) {
      // Only if nothing changed since it was read: a roll in between must not be undone.
      await this.webhooks.replaceSecrets(endpointId, stored, { ...stored, ciphertext: this.box.encrypt(secret, endpointId) });
    }
    return secret;
  }

  /**
   * The upkeep job (at start and with the webhook maintenance): endpoints older than secrets get one, values under an
   * older key are re-encrypted under the current one (so the old key can be dropped from WEBHOOK_SECRET_KEYS), and an
   * expired previous secret is erased. Safe in every replica at once: each change is a compare-and-set.
   */
  async upkeep(batch = 100): Promise<{ created: number; reEncrypted: number; unreadable: number }> {
    const counts = { created: 0, reEncrypted: 0, unreadable: 0 };
    let afterId: string | null = null;
    for (;;) {
      const rows = await this.webhooks.secretsNeedingUpkeep(this.box.currentKeyId, afterId, batch);
      for (const { id, secrets } of rows) {
        try {
          if (!secrets.ciphertext) {
            await this.currentOf(id, secrets);
            counts.created++;
            continue;
          }
          const next = this.upkept(id, secrets);
          if (await this.webhooks.replaceSecrets(id, secrets, next)) counts.reEncrypted++;
        } catch (err) {
          // A value whose key left the ring, or was tampered with: it stays as it is (a new secret would silently
          // break the integrator's verification); the endpoint's deliveries fail until its secret is rolled.
          counts.unreadable++;
          log.error({ endpointId: id, err: err instanceof Error ? err.message : 'unknown error' }, 'unreadable webhook secret');
        }
      }
      if (rows.length < batch) return counts;
      afterId = rows.at(-1)!.id;
    }
  }

  private upkept(endpointId: string, stored: StoredSecrets): StoredSecrets {
    const again = (value: string) =>
      this.box.needsReEncryption(value) ? this.box.encrypt(this.box.decrypt(value, endpointId), endpointId) : value;
    const previousLive = stored.previousCiphertext && stored.previousExpiresAt && stored.previousExpiresAt.getTime() > Date.now();
    return {
      ciphertext: again(stored.ciphertext!),
      previousCiphertext: previousLive ? again(stored.previousCiphertext!) : null,
      previousExpiresAt: previousLive ? stored.previousExpiresAt : null,
    };
  }
}
