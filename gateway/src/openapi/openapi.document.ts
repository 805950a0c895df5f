import { readFileSync } from 'node:fs';
import type { INestApplication, Type } from '@nestjs/common';
import { GUARDS_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage, IS_ISO8601, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata.js';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { WEBHOOK_EVENT_TYPES } from '@paymarket/contracts';
import { reasonOf } from '../http/http-status.js';
import { guardAuth } from './describe.js';

/**
 * The OpenAPI 3.1 document of the gateway (ADR 0035), built once at start from the controllers (routes, `@Doc`
 * descriptions, security) and the shared contracts:
 * - request DTO schemas come from the DTO classes' class-validator rules (class-validator-jsonschema), so a rule and
 *   its schema cannot disagree and libs/contracts stays free of swagger decorators (it is bundled into the web);
 * - response and event payload schemas come from the contracts' TypeScript types, turned into JSON Schema at
 *   development time (`npm run openapi:generate` → contract-schemas.json, checked for drift by a spec), so the
 *   gateway needs no TypeScript at run time.
 */

export const OPENAPI_VERSION = '3.1.0';
export const API_VERSION = '1.0.0';
/** The `servers` entry when PUBLIC_URL is not set (the committed document): relative, the origin serving it. */
export const DEFAULT_SERVER_URL = '/';

/** What the document needs from the gateway's configuration. */
export interface OpenApiDocumentOptions {
  /** Where this PayMarket is reached (PUBLIC_URL): the document's server. */
  publicUrl?: string;
}

type Schema = Record<string, unknown>;

/** Event types an integrator may receive: the webhook events, plus the test event an endpoint can ask for. */
export const DOCUMENTED_WEBHOOKS: Record<string, { payload: string; summary: string }> = {
  'payment.succeeded': { payload: 'PaymentPayload', summary: 'A payment succeeded: the order is completed and the recipients are paid.' },
  'payment.failed': { payload: 'PaymentFailedPayload', summary: 'A payment failed (declined card, failed authentication).' },
  'payment.pending': { payload: 'PaymentPayload', summary: 'A payment is processing or waits for the buyer (3-D Secure).' },
  'payment.refunded': { payload: 'PaymentRefundedPayload', summary: 'All or part of a payment was refunded.' },
  'order.updated': { payload: 'OrderUpdatedPayload', summary: "An order's status changed." },
  'payment.disputed': {
    payload: 'PaymentDisputedWebhook',
    summary: 'The cardholder disputed a payment: the amount is held by the card network and refunds of the order are frozen.',
  },
  'provider.connected': {
    payload: 'ProviderConnectedPayload',
    summary: 'A print provider was approved and can be paid (marketplace-wide).',
  },
};

let contractSchemasCache: Record<string, Schema> | undefined;

/** The committed JSON Schemas of the contracts' response and event types (see openapi/contract-types.ts). */
export function contractSchemas(): Record<string, Schema> {
  contractSchemasCache ??= JSON.parse(readFileSync(new URL('./contract-schemas.json', import.meta.url), 'utf8')) as Record<string, Schema>;
  return contractSchemasCache;
}

/** JSON Schema `$ref`s from ts-json-schema-generator (`#/definitions/X`) pointed at the document's components. */
function pointRefs<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/definitions/', '"#/components/schemas/')) as T;
}

/** Schemas of the contracts' own validators (registerDecorator), by their names. */
const DECIMAL = { type: ['number', 'string'], pattern: '^\\d+(\\.\\d{1,2})?$' };
const CUSTOM_VALIDATORS: Record<string, Schema> = {
  isMoneyAmount: {
    ...DECIMAL,
    description: 'A positive amount with at most two decimals, e.g. 96.44 or "96.44"; at most 999999.99.',
    examples: ['96.44'],
  },
  isFeeAmount: { ...DECIMAL, description: 'A fixed fee with at most two decimals, e.g. "3.56".', examples: ['3.56'] },
  isPercent: { ...DECIMAL, description: 'A percentage with at most two decimals, e.g. "5".', examples: ['5'] },
  // Quotes (ADR 0045).
  isDeliveryDate: { type: 'string', format: 'date', description: 'A calendar day (YYYY-MM-DD), today (UTC) or later.' },
  isProviderShare: {
    ...DECIMAL,
    description: "The print provider's share of `amount`, below it, with at most two decimals; only with printProviderStripeAccountId.",
    examples: ['46.44'],
  },
};

function customValidatorSchema(meta: ValidationMetadata): Schema {
  const name = meta.constraintCls ? getMetadataStorage().getTargetValidatorConstraints(meta.constraintCls)[0]?.name : undefined;
  return (name && CUSTOM_VALIDATORS[name]) || {};
}

/** class-validator's schemas for every DTO class the process has loaded (the contracts'). */
function dtoSchemas(): Record<string, Schema> {
  const schemas = validationMetadatasToSchemas({
    refPointerPrefix: '#/components/schemas/',
    additionalConverters: {
      [ValidationTypes.CUSTOM_VALIDATION]: customValidatorSchema,
      // The library's `oneOf` of a date and a date-time claims exactly one matches, which JSON Schema cannot tell
      // (format is an annotation): either form is accepted, so `anyOf`.
      [IS_ISO8601]: { type: 'string', anyOf: [{ format: 'date' }, { format: 'date-time' }] },
    },
  }) as Record<string, Schema>;
  for (const schema of Object.values(schemas)) {
    // Bodies are validated with forbidUnknownValues/whitelist: unknown fields are refused (DtoValidationPipe).
    schema.additionalProperties = false;
  }
  return schemas;
}

function webhookOperation(type: string, summary: string, payload: string): Schema {
  return {
    post: {
      summary,
      // PayMarket calls the integrator: no scheme of this document applies; the receiver checks the signature.
      security: [],
      operationId: `webhook_${type.replace(/\./g, '_')}`,
      tags: ['Webhook events'],
      description:
        'Sent to every enabled endpoint subscribed to this type, signed per the Standard Webhooks specification. Verify ' +
        "`webhook-signature` with the endpoint's `whsec_…` secret (the SDK's `verifyWebhook`, or any Standard Webhooks " +
        'library) and dedupe on `webhook-id`: it is the same for every retry and resend of one event.',
      parameters: [
        {
          name: 'webhook-id',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          description: 'The event id; the same on every retry.',
        },
        {
          name: 'webhook-timestamp',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          description: 'Unix seconds of this attempt.',
        },
        {
          name: 'webhook-signature',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          description: 'Space-separated `v1,<base64 HMAC-SHA256>` signatures (two during a secret roll).',
        },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['type', 'timestamp', 'data'],
              additionalProperties: false,
              properties: {
                type: { type: 'string', const: type },
                timestamp: { type: 'string', format: 'date-time', description: 'When the event happened.' },
                data: { $ref: `#/components/schemas/${payload}` },
              },
            },
          },
        },
      },
      responses: { '2XX': { description: 'Any 2xx acknowledges the delivery; anything else is retried with backoff.' } },
    },
  };
}

/** Recursively sorts object keys, so the document (and the SDK generated from it) is byte-stable. */
export function sortKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => sortKeys(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    ) as T;
  }
  return value;
}

type Operation = {
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
  operationId?: string;
};
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** Methods whose body Fastify parses: malformed JSON is 400, a body over the limit 413, another content type 415. */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const BODY_ERRORS = [400, 413, 415];

/** `Controller_method`, as SwaggerModule names operations (operationIdFactory below). */
function operationIdOf(controllerKey: string, methodKey: string): string {
  return `${controllerKey.replace(/Controller$/, '')}_${methodKey}`;
}

/** The guards every route runs behind (its controller's and its own), by operationId. */
function guardsByOperation(app: INestApplication): Map<string, unknown[]> {
  const guards = new Map<string, unknown[]>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller?.prototype) continue;
      const onController = (Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[] | undefined) ?? [];
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const onRoute = (Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[] | undefined) ?? [];
        guards.set(operationIdOf(controller.name, name), [...onController, ...onRoute]);
      }
    }
  }
  return guards;
}

/** The security requirements of a route behind these guards (each must pass), or undefined for none that authenticates. */
function guardSecurity(guards: unknown[]): { security: Array<Record<string, string[]>>; errors: number[] } | undefined {
  const auths = guards.map(guardAuth).filter((auth) => auth !== undefined);
  if (auths.length === 0) return undefined;
  // Any one scheme of each guard: one requirement per combination (a single guard: one per scheme, OR-ed).
  let security: Array<Record<string, string[]>> = [{}];
  for (const auth of auths) security = security.flatMap((requirement) => auth.schemes.map((scheme) => ({ ...requirement, [scheme]: [] })));
  return { security, errors: [...new Set(auths.flatMap((auth) => auth.errors))] };
}

function errorResponse(code: number | string): Schema {
  return {
    description: typeof code === 'number' ? reasonOf(code) : code,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } },
  };
}

/**
 * What every operation says about who may call it and how it fails, from what the gateway knows rather than lists:
 * - `security`: the schemes of the guards the route runs behind (`@AuthenticatesWith`); without one, what its `@Doc`
 *   says for a handler that checks a credential itself; otherwise `[]`, public.
 * - 4xx: the guard's refusals; 400/413/415 where Fastify parses a body; and, for the few routes that refuse nothing
 *   (health, sessions, public lists), `4XX` so the error shape is still described.
 */
function completeOperations(document: OpenAPIObject, app: INestApplication): void {
  const guards = guardsByOperation(app);
  for (const pathItem of Object.values(document.paths) as Array<Record<string, Operation>>) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const responses = (operation.responses ??= {});
      const fromGuards = guardSecurity(guards.get(operation.operationId ?? '') ?? []);
      if (fromGuards) {
        operation.security = fromGuards.security;
        for (const code of fromGuards.errors) responses[code] ??= errorResponse(code);
      } else if (!operation.security?.length) {
        operation.security = [];
      }
      if (BODY_METHODS.has(method)) for (const code of BODY_ERRORS) responses[code] ??= errorResponse(code);
      if (!Object.keys(responses).some((status) => status.startsWith('4'))) {
        responses['4XX'] = errorResponse(
          'This route refuses nothing of its own; listed for the shape every error answer of the API has (ApiErrorBody).',
        );
      }
    }
  }
}

/** The `$ref`ed schema names in a value. */
function schemaRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) schemaRefs(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/schemas/')) into.add(item.slice(21));
      else schemaRefs(item, into);
    }
  }
}

/**
 * Drops component schemas no operation or webhook reaches: class-validator reports every DTO-like class the process
 * loaded (query DTOs described as parameters, configuration classes), and the contracts' generator the helper types.
 */
function pruneUnusedSchemas(document: OpenAPIObject & { webhooks?: unknown }): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const used = new Set<string>();
  schemaRefs([document.paths, document.webhooks], used);
  const pending = [...used];
  while (pending.length > 0) {
    const found = new Set<string>();
    schemaRefs(schemas[pending.pop()!], found);
    for (const name of found) {
      if (!used.has(name)) {
        used.add(name);
        pending.push(name);
      }
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/** Builds the document from an initialised-or-not Nest app (routes are read from controller metadata). */
export function buildOpenApiDocument(app: INestApplication, options: OpenApiDocumentOptions = {}): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion(OPENAPI_VERSION)
    .setTitle('PayMarket API')
    .setVersion(API_VERSION)
    .setDescription(
      [
        "The PayMarket marketplace API: the web app's routes under `/api`, and the integrator API under `/api/v1`.",
        '',
        '- **Integrators** call `/api/v1` with a secret key (`Authorization: Bearer sk_test_…`) issued on approval;',
        "  every object is reached by the `id` the API returned, and another company's object answers 404.",
        '- **Errors** always have the same body (`ApiErrorBody`): `statusCode`, `error`, a `message` a person can read,',
        '  `fields` naming each invalid field on 400, and an `errorId` on 500 to quote to support.',
        '- **Money** in orders is a decimal string with two decimals (`"96.44"`); in refunds, integer minor units.',
        '- **Retries**: POSTs that create something (orders, PaymentIntents, refunds, webhook endpoints, API keys, test events) and the rolls of keys and signing secrets take an `Idempotency-Key` header: the same key and body answer the first result, another body 422; required on refunds.',
        '- **Webhooks** follow the Standard Webhooks specification; the events are listed under *Webhooks*.',
        '',
        'A typed client generated from this document is the `@paymarket/sdk` package; the guide is /documentation.html.',
      ].join('\n'),
    )
    .addSecurity('apiKey', {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'sk_test_… / sk_live_…',
      description: "A company's secret key, issued when its API access is approved.",
    })
    .addSecurity('consoleSession', {
      type: 'apiKey',
      in: 'cookie',
      name: 'pm_console',
      description: 'The developer console session (a company signed in by an emailed code).',
    })
    .addSecurity('buyerSession', { type: 'apiKey', in: 'cookie', name: 'pm_session', description: 'A buyer signed in by an emailed code.' })
    .addSecurity('adminSession', { type: 'apiKey', in: 'cookie', name: 'pm_admin', description: 'An administrator signed in at /admin.' })
    .addSecurity('payeeSession', {
      type: 'apiKey',
      in: 'cookie',
      name: 'pm_payee_session',
      description: 'A seller or print provider signed in to its dashboard by an emailed code.',
    })
    .addSecurity('sellerToken', {
      type: 'http',
      scheme: 'bearer',
      description: "A seller's edit token, returned once at registration (`seller_auth_{sellerId}` in the web app).",
    })
    .addServer(
      options.publicUrl ? options.publicUrl.replace(/\/+$/, '') : DEFAULT_SERVER_URL,
      options.publicUrl ? 'This PayMarket (PUBLIC_URL)' : 'The PayMarket serving this document (PUBLIC_URL unset)',
    )
    .build();

  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: operationIdOf });
  completeOperations(document, app);

  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {}) as Record<string, Schema>;
  // Swagger put an empty object schema for each DTO class it saw in a @Body(); the class-validator schema replaces it.
  Object.assign(schemas, dtoSchemas(), pointRefs(contractSchemas()));

  const webhooks: Record<string, Schema> = {};
  for (const [type, { payload, summary }] of Object.entries(DOCUMENTED_WEBHOOKS)) {
    webhooks[type] = webhookOperation(type, summary, payload);
  }
  webhooks['webhook.test'] = webhookOperation(
    'webhook.test',
    'A test event an endpoint asked for from the console or the API.',
    'WebhookTestPayload',
  );
  (document as OpenAPIObject & { webhooks?: Record<string, Schema> }).webhooks = webhooks;
  schemas.WebhookTestPayload ??= {
    type: 'object',
    required: ['endpointId', 'message'],
    properties: { endpointId: { type: 'string' }, message: { type: 'string' } },
  };
  schemas.WebhookEventType = { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] };
  pruneUnusedSchemas(document);
  return sortKeys(document);
}
