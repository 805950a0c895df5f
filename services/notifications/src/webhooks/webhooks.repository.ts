import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { WebhookEndpointResponse, WebhookEventType } from '@paymarket/contracts';
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
  abstract createEndpoint(companyId: string, url: string, events: WebhookEventType[], max: number): Promise<WebhookEndpointResponse | null>;
  abstract listEndpoints(companyId: string): Promise<WebhookEndpointResponse[]>;
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
  events: WebhookEventType[];
  enabled: boolean;
  created_at: Date;
}

const toResponse = (row: EndpointRow): WebhookEndpointResponse => ({
  id: row.id,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  createdAt: row.created_at.toISOString(),
});

@Injectable()
export class TypeOrmWebhooksRepository extends WebhooksRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async createEndpoint(companyId: string, url: string, events: WebhookEventType[], max: number): Promise<WebhookEndpointResponse | null> {
    return this.dataSource.transaction(async (manager) => {
      // Serialises concurrent registrations of one company so the limit holds.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints:' || $1))`, [companyId]);
      const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM webhook_endpoints WHERE company_id = $1`, [companyId])) as [
        { n: number },
      ];
      if (n >= max) return null;
      const rows = (await manager.query(
        `INSERT INTO webhook_endpoints (id, company_id, url, events) VALUES ($1, $2, $3, $4)
         RETURNING id, url, events, enabled, created_at`,
        [randomUUID(), companyId, url, [...new Set(events)]],
      )) as EndpointRow[];
      return toResponse(rows[0]!);
    });
  }

  async listEndpoints(companyId: string): Promise<WebhookEndpointResponse[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, url, events, enabled, created_at FROM webhook_endpoints WHERE company_id = $1 ORDER BY created_at, id`,
      [companyId],
    )) as EndpointRow[];
    return rows.map(toResponse);
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
                d.event_type AS "eventType", d.body, d.attempts
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
