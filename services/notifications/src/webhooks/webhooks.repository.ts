import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import type {
  EventView,
  ListEventsDto,
  ListWebhookDeliveriesDto,
  UpdateWebhookEndpointDto,
  WebhookAttemptView,
  WebhookDeliveryDetail,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEventType,
} from '@paymarket/contracts';
import { currentTraceCarrier, type KeysetPosition } from '@paymarket/platform';
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
  /** W3C trace context of the event the delivery came from (ADR 0042); null without tracing. */
  traceContext: Record<string, string> | null;
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
export type AttemptOutcome = (
  { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string; permanent?: boolean }
) & { responseBody?: string; durationMs?: number };

/** The event to fan out to endpoints: `companyId` null means every company's subscribed endpoints. */
export interface WebhookEventToRecord {
  eventId: string;
  type: WebhookEventType;
  companyId: string | null;
  body: string;
  /** W3C trace context to continue when the delivery is attempted (ADR 0042). */
  traceContext?: Record<string, string> | null;
}

/** The active W3C trace context as a jsonb parameter, SQL NULL without one (ADR 0042). */
function traceContextParam(): string | null {
  const carrier = currentTraceCarrier();
  return carrier ? JSON.stringify(carrier) : null;
}

/** Port: integrator webhook endpoints and deliveries (ADR 0033). */
export abstract class WebhooksRepository {
  /** Null when the company already has `max` endpoints. In the caller's transaction (its Idempotency-Key commits with it). */
  abstract createEndpoint(tx: Transaction, endpoint: NewEndpoint, max: number): Promise<WebhookEndpointView | null>;
  abstract listEndpoints(companyId: string): Promise<WebhookEndpointView[]>;
  /** Null for an unknown id or another company's endpoint. In `tx`: the endpoint is locked until it ends (a change). */
  abstract getEndpoint(companyId: string, id: string, tx?: Transaction): Promise<WebhookEndpointView | null>;
  /**
   * Null for an unknown id or another company's endpoint. `enabled` false marks it disabled by its owner. In `tx` when
   * given (the change commits with its audit row).
   */
  abstract updateEndpoint(
    companyId: string,
    id: string,
    patch: UpdateWebhookEndpointDto,
    tx?: Transaction,
  ): Promise<WebhookEndpointView | null>;
  /** Null for an unknown id or another company's endpoint. In `tx`: the endpoint is locked until it ends (a roll). */
  abstract secretsOf(companyId: string, id: string, tx?: Transaction): Promise<StoredSecrets | null>;
  /** In `tx` when given (a roll commits with its Idempotency-Key). */
  abstract storeSecrets(id: string, secrets: StoredSecrets, tx?: Transaction): Promise<void>;
  /** Stores a first secret unless one is there already; answers the one stored. */
  abstract storeFirstSecret(id: string, ciphertext: string): Promise<string>;
  /**
   * Replaces the stored secrets only if they are still `expected` (a roll in between wins); true when replaced. For
   * re-encryption under a newer key, which must never put back a secret a roll has just replaced.
   */
  abstract replaceSecrets(id: string, expected: StoredSecrets, next: StoredSecrets): Promise<boolean>;
  /**
   * Endpoints (by id, after `afterId`) whose secrets need upkeep: none yet, a value under another key than
   * `currentKeyId`, or an expired previous secret still stored.
   */
  abstract secretsNeedingUpkeep(
    currentKeyId: string,
    afterId: string | null,
    limit: number,
  ): Promise<Array<{ id: string; secrets: StoredSecrets }>>;
  /** False for an unknown id or another company's endpoint. Pending deliveries to it go with it. In `tx` when given. */
  abstract deleteEndpoint(companyId: string, id: string, tx?: Transaction): Promise<boolean>;
  /** Newest first, `take` rows after the cursor position, with the filters of the delivery log. */
  abstract listDeliveries(
    companyId: string,
    endpointId: string,
    filters: ListWebhookDeliveriesDto,
    after: KeysetPosition | null,
    take: number,
  ): Promise<WebhookDeliveryView[]>;
  /** Null for an unknown id or another company's delivery. */
  abstract getDelivery(companyId: string, id: string): Promise<WebhookDeliveryDetail | null>;
  /** Due now again, same body and webhook-id; the retry schedule starts over. Null when not the company's. */
  abstract resendDelivery(companyId: string, id: string): Promise<WebhookDeliveryView | null>;
  /** Failed deliveries of the endpoint created since `since`, due now again; answers how many. */
  abstract replayFailed(endpointId: string, since: Date): Promise<number>;
  /** A `webhook.test` delivery to one endpoint (not a domain event), in the caller's transaction; answers it. */
  abstract createTestDelivery(
    tx: Transaction,
    delivery: { endpointId: string; companyId: string; eventId: string; body: string },
  ): Promise<WebhookDeliveryView>;
  /** Records an event a company may receive (GET /api/v1/events), once. `companyId` null: every company's. */
  abstract recordEvent(
    tx: Transaction,
    event: { id: string; type: WebhookEventType; companyId: string | null; occurredAt: string; data: unknown },
  ): Promise<void>;
  abstract listEvents(
    companyId: string,
    filters: ListEventsDto,
    after: KeysetPosition | null,
    take: number,
    notBefore: Date,
  ): Promise<EventView[]>;
  abstract getEvent(companyId: string, id: string, notBefore: Date): Promise<EventView | null>;
  /** Disables endpoints failing continuously since before `failingBefore`; answers them (to email their company). */
  abstract disableFailing(failingBefore: Date): Promise<Array<{ id: string; companyId: string; url: string; failingSince: Date }>>;
  /** Removes deliveries (their attempts go with them) and events older than `before`, in batches; answers how many. */
  abstract purgeOlderThan(before: Date, batch: number): Promise<number>;
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

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  next_attempt_at: Date;
  last_status_code: number | null;
  created_at: Date;
  updated_at: Date;
}

const DELIVERY_COLUMNS = `d.id, d.endpoint_id, d.event_id, d.event_type, d.status, d.next_attempt_at, d.last_status_code, d.created_at, d.updated_at,
  (SELECT count(*)::int FROM webhook_attempts a WHERE a.delivery_id = d.id) AS attempt_count`;

const toDeliveryView = (row: DeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  eventType: row.event_type as WebhookDeliveryView['eventType'],
  status: row.status,
  attempts: row.attempt_count,
  nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
  lastStatusCode: row.last_status_code,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

interface EventRow {
  id: string;
  type: WebhookEventType;
  occurred_at: Date;
  data: Record<string, unknown>;
}

const toEventView = (row: EventRow): EventView => ({
  id: row.id,
  type: row.type,
  createdAt: row.occurred_at.toISOString(),
  data: row.data,
});

/** Milliseconds, as cursors carry them (PostgreSQL keeps microseconds). */
const MS = (column: string) => `date_trunc('milliseconds', ${column})`;

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

  async createEndpoint(tx: Transaction, endpoint: NewEndpoint, max: number): Promise<WebhookEndpointView | null> {
    const { companyId } = endpoint;
    const { manager } = tx;
    // Serialises concurrent registrations of one company so the limit holds (until the caller's transaction ends).
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
  }

  async listEndpoints(companyId: string): Promise<WebhookEndpointView[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE company_id = $1 ORDER BY created_at, id`,
      [companyId],
    )) as EndpointRow[];
    return rows.map(toResponse);
  }

  async getEndpoint(companyId: string, id: string, tx?: Transaction): Promise<WebhookEndpointView | null> {
    const rows = (await (tx?.manager ?? this.dataSource).query(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND company_id = $2${tx ? ' FOR UPDATE' : ''}`,
      [id, companyId],
    )) as EndpointRow[];
    return rows[0] ? toResponse(rows[0]) : null;
  }

  async updateEndpoint(
    companyId: string,
    id: string,
    patch: UpdateWebhookEndpointDto,
    tx?: Transaction,
  ): Promise<WebhookEndpointView | null> {
    const rows = (await (tx?.manager ?? this.dataSource).query(
      `UPDATE webhook_endpoints
          SET url = coalesce($3, url),
              events = coalesce($4, events),
              description = CASE WHEN $5::boolean THEN $6 ELSE description END,
              enabled = coalesce($7, enabled),
              disabled_reason = CASE WHEN coalesce($7, enabled) THEN NULL
                                     WHEN $7 = false THEN 'manual' ELSE disabled_reason END,
              failing_since = CASE WHEN $7 = true THEN NULL ELSE failing_since END,
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

  async secretsOf(companyId: string, id: string, tx?: Transaction): Promise<StoredSecrets | null> {
    const rows = (await (tx?.manager ?? this.dataSource).query(
      `SELECT secret_ciphertext AS "ciphertext", previous_secret_ciphertext AS "previousCiphertext",
              previous_secret_expires_at AS "previousExpiresAt"
         FROM webhook_endpoints WHERE id = $1 AND company_id = $2${tx ? ' FOR UPDATE' : ''}`,
      [id, companyId],
    )) as StoredSecrets[];
    return rows[0] ?? null;
  }

  async storeSecrets(id: string, secrets: StoredSecrets, tx?: Transaction): Promise<void> {
    await (tx?.manager ?? this.dataSource).query(
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

  async replaceSecrets(id: string, expected: StoredSecrets, next: StoredSecrets): Promise<boolean> {
    const result = (await this.dataSource.query(
      `UPDATE webhook_endpoints SET secret_ciphertext = $5, previous_secret_ciphertext = $6, previous_secret_expires_at = $7
        WHERE id = $1 AND secret_ciphertext IS NOT DISTINCT FROM $2 AND previous_secret_ciphertext IS NOT DISTINCT FROM $3
          AND previous_secret_expires_at IS NOT DISTINCT FROM $4
        RETURNING id`,
      [
        id,
        expected.ciphertext,
        expected.previousCiphertext,
        expected.previousExpiresAt,
        next.ciphertext,
        next.previousCiphertext,
        next.previousExpiresAt,
      ],
    )) as [unknown[], number];
    return result[0].length > 0;
  }

  async secretsNeedingUpkeep(
    currentKeyId: string,
    afterId: string | null,
    limit: number,
  ): Promise<Array<{ id: string; secrets: StoredSecrets }>> {
    // Stored values are `v1:<keyId>:…` (WebhookSecretBox): the second part names the key.
    const rows = (await this.dataSource.query(
      `SELECT id, secret_ciphertext AS "ciphertext", previous_secret_ciphertext AS "previousCiphertext",
              previous_secret_expires_at AS "previousExpiresAt"
         FROM webhook_endpoints
        WHERE ($2::uuid IS NULL OR id > $2::uuid)
          AND (secret_ciphertext IS NULL OR split_part(secret_ciphertext, ':', 2) <> $1
               OR (previous_secret_ciphertext IS NOT NULL
                   AND (previous_secret_expires_at IS NULL OR previous_secret_expires_at <= now()
                        OR split_part(previous_secret_ciphertext, ':', 2) <> $1)))
        ORDER BY id
        LIMIT $3`,
      [currentKeyId, afterId, limit],
    )) as Array<StoredSecrets & { id: string }>;
    return rows.map(({ id, ...secrets }) => ({ id, secrets }));
  }

  async deleteEndpoint(companyId: string, id: string, tx?: Transaction): Promise<boolean> {
    const result = (await (tx?.manager ?? this.dataSource).query(
      `DELETE FROM webhook_endpoints WHERE id = $1 AND company_id = $2 RETURNING id`,
      [id, companyId],
    )) as [unknown[], number];
    return result[0].length > 0;
  }

  async listDeliveries(
    companyId: string,
    endpointId: string,
    filters: ListWebhookDeliveriesDto,
    after: KeysetPosition | null,
    take: number,
  ): Promise<WebhookDeliveryView[]> {
    const params: unknown[] = [companyId, endpointId, take];
    let where = 'd.company_id = $1 AND d.endpoint_id = $2';
    if (filters.status) where += ` AND d.status = $${params.push(filters.status)}`;
    if (filters.eventType) where += ` AND d.event_type = $${params.push(filters.eventType)}`;
    if (filters.since) where += ` AND d.created_at >= $${params.push(new Date(filters.since))}`;
    if (filters.until) where += ` AND d.created_at < $${params.push(new Date(filters.until))}`;
    if (after) where += ` AND (${MS('d.created_at')}, d.id) < ($${params.push(after.createdAt)}, $${params.push(after.id)}::uuid)`;
    const rows = (await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE ${where} ORDER BY ${MS('d.created_at')} DESC, d.id DESC LIMIT $3`,
      params,
    )) as DeliveryRow[];
    return rows.map(toDeliveryView);
  }

  async getDelivery(companyId: string, id: string): Promise<WebhookDeliveryDetail | null> {
    const rows = (await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.id = $1 AND d.company_id = $2`,
      [id, companyId],
    )) as DeliveryRow[];
    if (!rows[0]) return null;
    const attempts = (await this.dataSource.query(
      `SELECT id, attempted_at, status_code, duration_ms, response_body, error FROM webhook_attempts WHERE delivery_id = $1
        ORDER BY attempted_at, id`,
      [id],
    )) as Array<{
      id: string;
      attempted_at: Date;
      status_code: number | null;
      duration_ms: number;
      response_body: string | null;
      error: string | null;
    }>;
    const attemptLog: WebhookAttemptView[] = attempts.map((a) => ({
      id: a.id,
      attemptedAt: a.attempted_at.toISOString(),
      statusCode: a.status_code,
      durationMs: a.duration_ms,
      responseBody: a.response_body,
      error: a.error,
    }));
    return { ...toDeliveryView(rows[0]), attemptLog };
  }

  async resendDelivery(companyId: string, id: string): Promise<WebhookDeliveryView | null> {
    const updated = (await this.dataSource.query(
      `UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
        WHERE id = $1 AND company_id = $2 RETURNING id`,
      [id, companyId],
    )) as [unknown[], number];
    if (updated[0].length === 0) return null;
    const detail = await this.getDelivery(companyId, id);
    if (!detail) return null;
    const { attemptLog: _log, ...view } = detail;
    return view;
  }

  async replayFailed(endpointId: string, since: Date): Promise<number> {
    const result = (await this.dataSource.query(
      `UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
        WHERE endpoint_id = $1 AND status = 'failed' AND created_at >= $2 RETURNING id`,
      [endpointId, since],
    )) as [unknown[], number];
    return result[0].length;
  }

  async createTestDelivery(
    tx: Transaction,
    delivery: { endpointId: string; companyId: string; eventId: string; body: string },
  ): Promise<WebhookDeliveryView> {
    const id = randomUUID();
    await tx.manager.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, company_id, event_id, event_type, body, status, trace_context)
       VALUES ($1, $2, $3, $4, 'webhook.test', $5, 'pending', $6::jsonb)`,
      [id, delivery.endpointId, delivery.companyId, delivery.eventId, delivery.body, traceContextParam()],
    );
    const rows = (await tx.manager.query(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.id = $1`, [id])) as DeliveryRow[];
    return toDeliveryView(rows[0]!);
  }

  async recordEvent(
    tx: Transaction,
    event: { id: string; type: WebhookEventType; companyId: string | null; occurredAt: string; data: unknown },
  ): Promise<void> {
    await tx.manager.query(
      `INSERT INTO integrator_events (id, company_id, type, occurred_at, data) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
      [event.id, event.companyId, event.type, event.occurredAt, JSON.stringify(event.data)],
    );
  }

  async listEvents(
    companyId: string,
    filters: ListEventsDto,
    after: KeysetPosition | null,
    take: number,
    notBefore: Date,
  ): Promise<EventView[]> {
    const params: unknown[] = [companyId, take, notBefore];
    let where = '(e.company_id = $1 OR e.company_id IS NULL) AND e.occurred_at >= $3';
    if (filters.type) where += ` AND e.type = $${params.push(filters.type)}`;
    if (filters.since) where += ` AND e.occurred_at >= $${params.push(new Date(filters.since))}`;
    if (filters.until) where += ` AND e.occurred_at < $${params.push(new Date(filters.until))}`;
    if (after) where += ` AND (${MS('e.occurred_at')}, e.id) < ($${params.push(after.createdAt)}, $${params.push(after.id)}::uuid)`;
    const rows = (await this.dataSource.query(
      `SELECT e.id, e.type, e.occurred_at, e.data FROM integrator_events e WHERE ${where}
        ORDER BY ${MS('e.occurred_at')} DESC, e.id DESC LIMIT $2`,
      params,
    )) as EventRow[];
    return rows.map(toEventView);
  }

  async getEvent(companyId: string, id: string, notBefore: Date): Promise<EventView | null> {
    const rows = (await this.dataSource.query(
      `SELECT e.id, e.type, e.occurred_at, e.data FROM integrator_events e
        WHERE e.id = $1 AND (e.company_id = $2 OR e.company_id IS NULL) AND e.occurred_at >= $3`,
      [id, companyId, notBefore],
    )) as EventRow[];
    return rows[0] ? toEventView(rows[0]) : null;
  }

  async disableFailing(failingBefore: Date): Promise<Array<{ id: string; companyId: string; url: string; failingSince: Date }>> {
    const rows = (await this.dataSource.query(
      `UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'failing', updated_at = now()
        WHERE enabled AND failing_since < $1
        RETURNING id, company_id AS "companyId", url, failing_since AS "failingSince"`,
      [failingBefore],
    )) as [Array<{ id: string; companyId: string; url: string; failingSince: Date }>, number];
    return rows[0];
  }

  async purgeOlderThan(before: Date, batch: number): Promise<number> {
    let removed = 0;
    for (const [table, column] of [
      ['webhook_deliveries', 'created_at'],
      ['integrator_events', 'occurred_at'],
    ] as const) {
      // Bounded batches: one long DELETE would hold locks the delivery worker needs.
      for (;;) {
        const result = (await this.dataSource.query(
          `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE ${column} < $1 LIMIT $2) RETURNING id`,
          [before, batch],
        )) as [unknown[], number];
        removed += result[0].length;
        if (result[0].length < batch) break;
      }
    }
    return removed;
  }

  async recordDeliveries(tx: Transaction, event: WebhookEventToRecord): Promise<number> {
    const rows = (await tx.manager.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, company_id, event_id, event_type, body, status, trace_context)
       SELECT gen_random_uuid(), e.id, e.company_id, $1, $2, $3, 'pending', $5::jsonb
         FROM webhook_endpoints e
        WHERE e.enabled AND $2 = ANY (e.events) AND ($4::uuid IS NULL OR e.company_id = $4::uuid)
       ON CONFLICT (endpoint_id, event_id) DO NOTHING
       RETURNING id`,
      [event.eventId, event.type, event.body, event.companyId, event.traceContext ? JSON.stringify(event.traceContext) : null],
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
                d.event_type AS "eventType", d.body, d.attempts, d.trace_context AS "traceContext",
                json_build_object('ciphertext', e.secret_ciphertext, 'previousCiphertext', e.previous_secret_ciphertext,
                                  'previousExpiresAt', e.previous_secret_expires_at) AS secrets
           FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND e.enabled
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
          // The delivery log: every attempt, with the first 1 KB of the answer (ADR 0039).
          await manager.query(
            `INSERT INTO webhook_attempts (id, delivery_id, status_code, duration_ms, response_body, error) VALUES ($1, $2, $3, $4, $5, $6)`,
            [
              randomUUID(),
              row.id,
              outcome.statusCode,
              Math.max(0, Math.round(outcome.durationMs ?? 0)),
              outcome.responseBody ?? null,
              outcome.ok ? null : outcome.error.slice(0, 500),
            ],
          );
          if (outcome.ok) {
            await manager.query(
              `UPDATE webhook_deliveries SET status = 'succeeded', attempts = $2, last_status_code = $3, last_error = NULL,
                      delivered_at = now(), updated_at = now() WHERE id = $1`,
              [row.id, attempts, outcome.statusCode],
            );
            await manager.query(`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`, [
              row.endpointId,
            ]);
            return;
          }
          const delay = outcome.permanent ? null : retryDelayMs(attempts);
          await manager.query(
            `UPDATE webhook_deliveries
                SET attempts = $2, last_status_code = $3, last_error = $4, updated_at = now(),
                    status = CASE WHEN $5::int IS NULL THEN 'failed' ELSE 'pending' END,
                    next_attempt_at = now() + make_interval(secs => coalesce($5::int, 0) / 1000.0)
              WHERE id = $1`,
            [row.id, attempts, outcome.statusCode, outcome.error.slice(0, 500), delay],
          );
          await manager.query(`UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, now()) WHERE id = $1`, [
            row.endpointId,
          ]);
        }),
      );
      return rows.length;
    });
  }
}
