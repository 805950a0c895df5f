import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiQuery, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { reasonOf } from '../http/http-status.js';

/**
 * How a route is described in the OpenAPI document (ADR 0035). Controllers say it in one decorator per route,
 * `@Doc({...})`, and one per controller, `@DocTag(...)`; schema names refer to components the document builder fills
 * from the shared contracts (DTO classes through their class-validator rules, response and event types through
 * `contract-schemas.json`), so libs/contracts never carries a swagger decorator.
 */

/** Security schemes declared in the document (openapi.document.ts). */
export type SecurityScheme = 'apiKey' | 'consoleSession' | 'buyerSession' | 'adminSession' | 'sellerToken' | 'payeeSession';

/** What a guard class says about itself: the schemes it accepts (any one of them) and the errors it answers. */
export interface GuardAuth {
  schemes: SecurityScheme[];
  errors: number[];
}

const GUARD_AUTH = Symbol('openapi:guard-auth');

/**
 * On a guard class that authenticates: the security schemes it lets through (any one) and the 4xx it answers. The
 * document builder gives every route the schemes of the guards it runs behind (`@UseGuards`, on the route or its
 * controller), and `security: []` to a route behind none of them, so a new route is described by the guard it uses,
 * never by a list kept beside it (ADR 0053).
 */
export function AuthenticatesWith(schemes: SecurityScheme[], errors: number[] = [401]): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(GUARD_AUTH, { schemes, errors } satisfies GuardAuth, target);
  };
}

/** The schemes and errors a guard (a class, or an instance given to `@UseGuards`) declared with `@AuthenticatesWith`. */
export function guardAuth(guard: unknown): GuardAuth | undefined {
  const target = typeof guard === 'function' ? guard : (guard as { constructor?: unknown } | undefined)?.constructor;
  return target ? (Reflect.getMetadata(GUARD_AUTH, target as object) as GuardAuth | undefined) : undefined;
}

/** The integrator API's schemes: a secret key, or the developer console's session. */
export const INTEGRATOR_AUTH: SecurityScheme[] = ['apiKey'];

export interface DocOptions {
  summary: string;
  description?: string;
  /** Success status (default 200). */
  status?: number;
  /** Component name of the success body (a contract type or DTO), `null` for no body. */
  returns?: string | null;
  /** The success body is a JSON array of `returns`. */
  isArray?: boolean;
  /** An inline schema for small answers (e.g. `{message}`), instead of `returns`. */
  schema?: Record<string, unknown>;
  /** The success body's media type when it is not JSON (e.g. `application/gzip`); errors stay JSON. */
  contentType?: string;
  /** Component name of the JSON request body (a DTO class); routes with `@Body() body: Dto` get it on their own. */
  body?: string;
  /** Error statuses the route answers (each with the ApiError body). 500 and 503 are added to every route. */
  errors?: number[];
  /** The route honours an `Idempotency-Key` header (ADR 0012); `'required'`: it refuses a call without one (ADR 0049). */
  idempotent?: boolean | 'required';
  /**
   * Who may call it, for a route whose handler checks the credential itself (no guard). A route behind an
   * `@AuthenticatesWith` guard gets that guard's schemes; a route with neither is public (`security: []`).
   */
  auth?: SecurityScheme[];
  example?: unknown;
  /** Query parameters (all optional), when the handler reads `@Query()` as a whole. */
  query?: Array<{ name: string; description: string; type?: 'string' | 'integer'; format?: string }>;
}

/** The query parameters of cursor-paginated lists. */
export const PAGE_QUERY: NonNullable<DocOptions['query']> = [
  { name: 'limit', type: 'integer', description: 'Page size, 1-100 (default 20).' },
  { name: 'cursor', description: 'The `nextCursor` of the previous page.' },
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const SUCCESS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content' };

/** Describes one route. */
export function Doc(options: DocOptions): MethodDecorator {
  const status = options.status ?? 200;
  const decorators: (MethodDecorator | ClassDecorator)[] = [
    ApiOperation({ summary: options.summary, ...(options.description ? { description: options.description } : {}) }),
  ];
  const success: Record<string, unknown> = { status, description: SUCCESS[status] ?? 'OK' };
  if (options.schema) success.schema = options.schema;
  else if (options.returns) success.schema = options.isArray ? { type: 'array', items: ref(options.returns) } : ref(options.returns);
  if (options.example !== undefined) success.example = options.example;
  if (options.contentType) {
    success.content = { [options.contentType]: { schema: success.schema } };
    delete success.schema;
  }
  decorators.push(ApiResponse(success as Parameters<typeof ApiResponse>[0]));
  for (const code of [...(options.errors ?? []), 500, 503]) {
    decorators.push(ApiResponse({ status: code, description: reasonOf(code), schema: ref('ApiErrorBody') }));
  }
  if (options.body) decorators.push(ApiBody({ schema: ref(options.body) }));
  if (options.idempotent) {
    decorators.push(
      ApiHeader({
        name: 'Idempotency-Key',
        required: options.idempotent === 'required',
        description:
          'Makes the call safe to retry: the same key with the same body answers the first result; with another body, 422. Scoped per caller, kept 24 hours.' +
          (options.idempotent === 'required' ? ' Required here (400 without it): a retry without a key would be made twice.' : ''),
        schema: { type: 'string', maxLength: 255 },
      }),
    );
  }
  for (const scheme of options.auth ?? []) decorators.push(ApiSecurity(scheme));
  for (const q of options.query ?? []) {
    decorators.push(
      ApiQuery({
        name: q.name,
        required: false,
        description: q.description,
        schema: { type: q.type ?? 'string', ...(q.format ? { format: q.format } : {}) },
      }),
    );
  }
  return applyDecorators(...decorators) as MethodDecorator;
}

/** The error answers a route may give, each with the ApiError body (guards and limiters add theirs). */
export function DocErrors(...codes: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(...codes.map((code) => ApiResponse({ status: code, description: reasonOf(code), schema: ref('ApiErrorBody') })));
}

/**
 * Who may call and the 401/403 it answers, for a route whose handler checks the credential itself. Routes behind a
 * guard need nothing: the guard's `@AuthenticatesWith` says it.
 */
export function DocAuth(scheme: SecurityScheme, ...codes: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(ApiSecurity(scheme), DocErrors(401, ...codes));
}

/** Groups a controller's routes under a tag and, optionally, gives all of them the same security. */
export function DocTag(tag: string, auth: SecurityScheme[] = []): ClassDecorator {
  return applyDecorators(ApiTags(tag), ...auth.map((scheme) => ApiSecurity(scheme))) as ClassDecorator;
}
