import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UpdateWebhookEndpointDto, WebhookEndpointView, WebhookEventType } from '@paymarket/contracts';
import type { Transaction } from '@paymarket/platform';

/** A delivery claimed for one attempt, with where it goes. */
export interface DueDelivery {
  id: string;
  endpointId: string;
  companyId: string;
  url: string;
  eventId: string;
  eventType: string;
  body: string;
  attempts: number;
  secrets: StoredSecrets;
}

/** An endpoint's secrets as stored: encrypted (WebhookSecretBox), the previous one only during a roll's overlap. */
export interface StoredSecrets {
  ciphertext: string | null;
  previousCiphertext: string | null;
  previousExpiresAt: Date | null;
}

export interface NewEndpoint {
  id: string;
  companyId: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  secretCiphertext: string;
}

/** How one attempt ended: delivered (2xx) or not, with what to record. */
export type AttemptOutcome =
  { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string; permanent?: boolean };

/** The event to fan out to endpoints: `companyId` null means every company's subscribed endpoints. */
export interface WebhookEventToRecord {
  eventId: string;
  type: WebhookEventType;
  companyId: string | null;
  body: string;
}

/** Port: integrator webhook endpoints and deliveries (ADR 0033). */
export abstract class WebhooksRepository {
  /** Null when the company already has `max` endpoints. */
  abstract createEndpoint(endpoint: NewEndpoint, max: number): Promise<WebhookEndpointView | null>;
  abstract listEndpoints(companyId: string): Promise<WebhookEndpointView[]>;
  /** Null for an unknown id or another company's endpoint. */
  abstract getEndpoint(companyId: string, id: string): Promise<WebhookEndpointView | null>;
  /** Null for an unknown id or another company's endpoint. `enabled` false marks it disabled by its owner. */
  abstract updateEndpoint(companyId: string, id: string, patch: UpdateWebhookEndpointDto): Promise<WebhookEndpointView | null>;
  abstract secretsOf(companyId: string, id: string): Promise<StoredSecrets | null>;
  abstract storeSecrets(id: string, secrets: StoredSecrets): Promise<void>;
  /** Stores a first secret unless one is there already; answers the one stored. */
  abstract storeFirstSecret(id: string, ciphertext: string): Promise<string>;
  /** False for an unknown id or another company's endpoint. Pending deliveries to it go with it. */
  abstract deleteEndpoint(companyId: string, id: string): Promise<boolean>;
  /** One pending delivery per matching enabled endpoint (once per endpoint and event); answers how many. */
  abstract recordDeliveries(tx: Transaction, event: WebhookEventToRecord): Promise<number>;
  /**
   * Claims due deliveries (FOR UPDATE SKIP LOCKED, so replicas never send the same one twice), runs `attempt` on
   * each and records the outcome before the claim is released. `retryDelayMs(attempts)` is null when it gave up.
   */
  abstract deliverDue(
    limit: number,
    attempt: (delivery: DueDelivery) => Promise<AttemptOutcome>,
    retryDelayMs: (attempts: number) => number | null,
  ): Promise<number>;
}

interface EndpointRow {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
  disabled_reason: 'manual' | 'failing' | null;
  created_at: Date;
  updated_at: Date;
}

const ENDPOINT_COLUMNS = 'id, url, description, events, enabled, disabled_reason, created_at, updated_at';

const toResponse = (row: EndpointRow): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabledReason: row.enabled ? null : (row.disabled_reason ?? 'manual'),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

@Injectable()
export class TypeOrmWebhooksRepository extends WebhooksRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async createEndpoint(endpoint: NewEndpoint, max: number): Promise<WebhookEndpointView | null> {
    const { companyId } = endpoint;
    return this.dataSource.transaction(async (manager) => {
      // Serialises concurrent registrations of one company so the limit holds.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints:' || $1))`, [companyId]);
      const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM webhook_endpoints WHERE company_id = $1`, [companyId])) as [
        { n: number },
      ];
      if (n >= max) return null;
      const rows = (await manager.query(
        `INSERT INTO webhook_endpoints (id, company_id, url, events, description, secret_ciphertext) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING ${ENDPOINT_COLUMNS}`,
        [endpoint.id, companyId, endpoint.url, [...new Set(endpoint.events)], endpoint.description, endpoint.secretCiphertext],
      )) as EndpointRow[];
      return toResponse(rows[0]!);
    });
  }

  async listEndpoints(companyId: string): Promise<WebhookEndpointView[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE company_id = $1 ORDER BY created_at, id`,
      [companyId],
    )) as EndpointRow[];
    return rows.map(toResponse);
  }

  async getEndpoint(companyId: string, id: string): Promise<WebhookEndpointView | null> {
    const rows = (await this.dataSource.query(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND company_id = $2`, [
      id,
      companyId,
    ])) as EndpointRow[];
    return rows[0] ? toResponse(rows[0]) : null;
  }

  async updateEndpoint(companyId: string, id: string, patch: UpdateWebhookEndpointDto): Promise<WebhookEndpointView | null> {
    const rows = (await this.dataSource.query(
      `UPDATE webhook_endpoints
          SET url = coalesce($3, url),
              events = coalesce($4, events),
              description = CASE WHEN $5::boolean THEN $6 ELSE description END,
              enabled = coalesce($7, enabled),
              disabled_reason = CASE WHEN coalesce($7, enabled) THEN NULL
                                     WHEN $7 = false THEN 'manual' ELSE disabled_reason END,
              updated_at = now()
        WHERE id = $1 AND company_id = $2
        RETURNING ${ENDPOINT_COLUMNS}`,
      [
        id,
        companyId,
        patch.url ?? null,
        patch.events ? [...new Set(patch.events)] : null,
        patch.description !== undefined,
        patch.description ?? null,
        patch.enabled ?? null,
      ],
    )) as [EndpointRow[], number];
    return rows[0][0] ? toResponse(rows[0][0]) : null;
  }

  async secretsOf(companyId: string, id: string): Promise<StoredSecrets | null> {
    const rows = (await this.dataSource.query(
      `SELECT secret_ciphertext AS "ciphertext", previous_secret_ciphertext AS "previousCiphertext",
              previous_secret_expires_at AS "previousExpiresAt"
         FROM webhook_endpoints WHERE id = $1 AND company_id = $2`,
      [id, companyId],
    )) as StoredSecrets[];
    return rows[0] ?? null;
  }

  async storeSecrets(id: string, secrets: StoredSecrets): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_endpoints SET secret_ciphertext = $2, previous_secret_ciphertext = $3, previous_secret_expires_at = $4,
              updated_at = now() WHERE id = $1`,
      [id, secrets.ciphertext, secrets.previousCiphertext, secrets.previousExpiresAt],
    );
  }

  async storeFirstSecret(id: string, ciphertext: string): Promise<string> {
    await this.dataSource.query(`UPDATE webhook_endpoints SET secret_ciphertext = $2 WHERE id = $1 AND secret_ciphertext IS NULL`, [
      id,
      ciphertext,
    ]);
    const rows = (await this.dataSource.query(`SELECT secret_ciphertext FROM webhook_endpoints WHERE id = $1`, [id])) as [
      { secret_ciphertext: string },
    ];
    return rows[0].secret_ciphertext;
  }

  async deleteEndpoint(companyId: string, id: string): Promise<boolean> {
    const result = (await this.dataSource.query(`DELETE FROM webhook_endpoints WHERE id = $1 AND company_id = $2 RETURNING id`, [
      id,
      companyId,
    ])) as [unknown[], number];
    return result[0].length > 0;
  }

  async recordDeliveries(tx: Transaction, event: WebhookEventToRecord): Promise<number> {
    const rows = (await tx.manager.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, company_id, event_id, event_type, body, status)
       SELECT gen_random_uuid(), e.id, e.company_id, $1, $2, $3, 'pending'
         FROM webhook_endpoints e
        WHERE e.enabled AND $2 = ANY (e.events) AND ($4::uuid IS NULL OR e.company_id = $4::uuid)
       ON CONFLICT (endpoint_id, event_id) DO NOTHING
       RETURNING id`,
      [event.eventId, event.type, event.body, event.companyId],
    )) as unknown[];
    return rows.length;
  }

  async deliverDue(
    limit: number,
    attempt: (delivery: DueDelivery) => Promise<AttemptOutcome>,
    retryDelayMs: (attempts: number) => number | null,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `SELECT d.id, d.endpoint_id AS "endpointId", d.company_id AS "companyId", e.url, d.event_id AS "eventId",
                d.event_type AS "eventType", d.body, d.attempts,
                json_build_object('ciphertext', e.secret_ciphertext, 'previousCiphertext', e.previous_secret_ciphertext,
                                  'previousExpiresAt', e.previous_secret_expires_at) AS secrets
           FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.status = 'pending' AND d.next_attempt_at <= now()
          ORDER BY d.next_attempt_at
          LIMIT $1
          FOR UPDATE OF d SKIP LOCKED`,
        [limit],
      )) as DueDelivery[];
      // One slow receiver must not hold up the others: attempts run side by side, each bounded by the request timeout.
      await Promise.all(
        rows.map(async (row) => {
          const expires = row.secrets.previousExpiresAt;
          row.secrets.previousExpiresAt = expires ? new Date(expires) : null;
          const outcome = await attempt(row).catch((err: unknown): AttemptOutcome => ({
            ok: false,
            statusCode: null,
            error: err instanceof Error ? err.message : 'unknown error',
          }));
          const attempts = row.attempts + 1;
          if (outcome.ok) {
            await manager.query(
              `UPDATE webhook_deliveries SET status = 'delivered', attempts = $2, last_status_code = $3, last_error = NULL,
                      delivered_at = now() WHERE id = $1`,
              [row.id, attempts, outcome.statusCode],
            );
            return;
          }
          const delay = outcome.permanent ? null : retryDelayMs(attempts);
          await manager.query(
            `UPDATE webhook_deliveries
                SET attempts = $2, last_status_code = $3, last_error = $4,
                    status = CASE WHEN $5::int IS NULL THEN 'failed' ELSE 'pending' END,
                    next_attempt_at = now() + make_interval(secs => coalesce($5::int, 0) / 1000.0)
              WHERE id = $1`,
            [row.id, attempts, outcome.statusCode, outcome.error.slice(0, 500), delay],
          );
        }),
      );
      return rows.length;
    });
  }
}
