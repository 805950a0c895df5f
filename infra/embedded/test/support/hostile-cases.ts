// Hostile requests generated from the OpenAPI document (libs/sdk/openapi.json, generated from the gateway's routes):
// for every operation, malformed bodies (wrong types, missing and extra fields, huge and unicode strings, nulls,
// nested arrays, injection strings, bad amounts), broken JSON, wrong content types, and hostile path and query values.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  items?: JsonSchema;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  security: string[];
  parameters: Parameter[];
  body?: JsonSchema;
}

export interface HostileCase {
  op: Operation;
  label: string;
  /** The path with its parameters filled in (already URL-encoded where needed). */
  url: string;
  contentType?: string;
  /** Raw body text; undefined sends none. */
  body?: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: Record<string, unknown>[];
      }
    >
  >;
  components: { schemas: Record<string, JsonSchema> };
}

const document = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../libs/sdk/openapi.json', import.meta.url)), 'utf8'),
) as OpenApiDocument;

function resolve(schema: JsonSchema | undefined, depth = 0): JsonSchema {
  if (!schema || depth > 8) return {};
  if (schema.$ref) return resolve(document.components.schemas[schema.$ref.split('/').pop()!], depth + 1);
  if (schema.allOf?.length) {
    return schema.allOf
      .map((s) => resolve(s, depth + 1))
      .reduce<JsonSchema>(
        (merged, s) => ({
          ...merged,
          ...s,
          properties: { ...merged.properties, ...s.properties },
          required: [...(merged.required ?? []), ...(s.required ?? [])],
        }),
        {},
      );
  }
  return schema;
}

export function operations(): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const json = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        security: (op.security ?? []).flatMap((s) => Object.keys(s)),
        parameters: op.parameters ?? [],
        ...(json ? { body: resolve(json) } : {}),
      });
    }
  }
  return ops;
}

/** A value the schema accepts, as far as a schema can say (formats and patterns are approximated). */
export function sample(raw: JsonSchema | undefined, name = ''): unknown {
  const schema = resolve(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.oneOf?.length) return sample(schema.oneOf[0], name);
  if (schema.anyOf?.length) return sample(schema.anyOf[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sample(schema.items, name));
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, k)]));
    default: {
      if (schema.format === 'email' || /email/i.test(name)) return `sweep.${Math.random().toString(36).slice(2, 8)}@example.com`;
      if (schema.format === 'uri' || /url|website/i.test(name)) return 'https://example.com/hook';
      if (/amount/i.test(name)) return '10.00';
      if (/currency/i.test(name)) return 'usd';
      if (/phone/i.test(name)) return '+1 416 555 0134';
      const length = Math.min(Math.max(schema.minLength ?? 3, 3), schema.maxLength ?? 60);
      return 'Sweep text '.repeat(10).slice(0, Math.max(length, Math.min(60, schema.maxLength ?? 60)));
    }
  }
}

const HUGE = 'A'.repeat(100_000);
/** Strings an attacker tries: injections, unicode that breaks naive code, control characters. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '#{7*7}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  '\r\nSet-Cookie: pwned=1',
  '$where',
  '{"$gt": ""}',
  'ＡＢＣ　全角',
  '\u202egnp.exe',
  'a\u200bb\u200cc\u200d',
  'e\u0301\u0301\u0301\u0301\u0301\u0301',
  '😀'.repeat(300),
  '\uD800',
  '\uDFFF lone',
  '\u0001\u0002\u0007\u001b[31m',
  "Robert'); DROP TABLE students;--",
  '１２３４',
  '9'.repeat(400),
  HUGE,
];

/** Wrong-typed values for any field. */
export const WRONG_TYPES: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  true,
  false,
  [],
  [[[[[]]]]],
  ['a', 1, null],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  Array.from({ length: 1000 }, (_, i) => i),
];

/** Bad amounts: negative, fractional cents, huge, not numbers. */
export const BAD_AMOUNTS: readonly unknown[] = [
  -1,
  '-1.00',
  0,
  '0',
  '0.001',
  0.001,
  '10.005',
  1e21,
  '1e9',
  '99999999999999999999999',
  Number.MAX_SAFE_INTEGER + 2,
  'NaN',
  'Infinity',
  '1,00',
  ' 10.00 ',
  '0x10',
  '10.00usd',
];

/** Bodies that are not the JSON they claim to be, or JSON of the wrong shape. */
const BROKEN_BODIES: readonly { label: string; contentType?: string; body?: string }[] = [
  { label: 'broken JSON: truncated', contentType: 'application/json', body: '{"a":' },
  { label: 'broken JSON: open brace', contentType: 'application/json', body: '{' },
  { label: 'broken JSON: single quotes', contentType: 'application/json', body: "{'a': 1}" },
  { label: 'broken JSON: trailing comma', contentType: 'application/json', body: '{"a": 1,}' },
  { label: 'broken JSON: comment', contentType: 'application/json', body: '{"a": 1 /* x */}' },
  { label: 'broken JSON: bare word', contentType: 'application/json', body: 'undefined' },
  { label: 'JSON null', contentType: 'application/json', body: 'null' },
  { label: 'JSON array', contentType: 'application/json', body: '[]' },
  { label: 'JSON array of objects', contentType: 'application/json', body: '[{"a":1},{"b":2}]' },
  { label: 'JSON string', contentType: 'application/json', body: '"str"' },
  { label: 'JSON number', contentType: 'application/json', body: '123' },
  { label: 'JSON true', contentType: 'application/json', body: 'true' },
  { label: 'empty JSON body', contentType: 'application/json', body: '' },
  { label: 'whitespace JSON body', contentType: 'application/json', body: '   \n ' },
  { label: 'BOM then JSON', contentType: 'application/json', body: '\uFEFF{}' },
  { label: 'duplicate keys', contentType: 'application/json', body: '{"a":1,"a":{"b":2}}' },
  { label: '__proto__ pollution', contentType: 'application/json', body: '{"__proto__":{"admin":true,"isAdmin":true}}' },
  { label: 'constructor pollution', contentType: 'application/json', body: '{"constructor":{"prototype":{"admin":true}}}' },
  { label: 'deep nesting 3000', contentType: 'application/json', body: `${'['.repeat(3000)}${']'.repeat(3000)}` },
  { label: 'deep object nesting 3000', contentType: 'application/json', body: `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}` },
  { label: 'body of 2 MB', contentType: 'application/json', body: JSON.stringify({ a: 'x'.repeat(2_000_000) }) },
  { label: 'invalid UTF-8 escape', contentType: 'application/json', body: '{"a":"\\uZZZZ"}' },
  { label: 'text/plain', contentType: 'text/plain', body: 'hello' },
  { label: 'form-encoded', contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2&amount=-1' },
  {
    label: 'XML',
    contentType: 'application/xml',
    body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  { label: 'multipart without boundary', contentType: 'multipart/form-data', body: 'x' },
  { label: 'JSON with charset utf-16', contentType: 'application/json; charset=utf-16', body: '{}' },
  { label: 'content-type garbage', contentType: ';;;', body: '{}' },
  { label: 'no content type', body: '{"a":1}' },
];

/** Hostile values for a path segment (an id). */
const HOSTILE_IDS: readonly string[] = [
  '0',
  '-1',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  "1' OR '1'='1",
  '1;DROP TABLE x',
  '%00',
  '%2e%2e%2f%2e%2e%2f',
  '..%2F..%2Fadmin',
  'a'.repeat(5000),
  '%F0%9F%98%80',
  '%E2%80%AE',
  '%FF%FE',
  '%uD800',
  'pi_' + 'x'.repeat(300),
  'null',
  'undefined',
  '[]',
  '{}',
  '1e309',
];

/** Hostile values for a query parameter. */
const HOSTILE_QUERY: readonly string[] = [
  '-1',
  '0',
  '1.5',
  '1e9',
  '99999999999999999999',
  'NaN',
  "' OR 1=1--",
  '%00',
  'a'.repeat(5000),
  '%F0%9F%98%80',
  '2026-13-45T99:99:99Z',
  'not-a-date',
  '[object Object]',
];

function fillPath(op: Operation, ids: Record<string, string>, value?: string): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => value ?? ids[name] ?? '00000000-0000-4000-8000-000000000001');
}

/** Every hostile case for one operation; `ids` gives path parameters a plausible (but not the caller's) value. */
export function casesFor(op: Operation, ids: Record<string, string> = {}): HostileCase[] {
  const cases: HostileCase[] = [];
  const url = fillPath(op, ids);
  const json = (label: string, value: unknown, at = url): void => {
    cases.push({ op, label, url: at, contentType: 'application/json', body: JSON.stringify(value) });
  };

  // Path parameters.
  if (/\{\w+\}/.test(op.path)) {
    for (const id of HOSTILE_IDS) {
      const at = fillPath(op, ids, id);
      if (op.body) json(`path id ${id.slice(0, 20)}`, sample(op.body), at);
      else cases.push({ op, label: `path id ${id.slice(0, 20)}`, url: at });
    }
  }
  // Query parameters.
  for (const param of op.parameters.filter((p) => p.in === 'query')) {
    for (const value of HOSTILE_QUERY) {
      const encoded = /^%/.test(value) ? value : encodeURIComponent(value);
      cases.push({ op, label: `query ${param.name}=${value.slice(0, 20)}`, url: `${url}?${param.name}=${encoded}` });
    }
    cases.push({ op, label: `query ${param.name} repeated`, url: `${url}?${param.name}=1&${param.name}=2` });
    cases.push({ op, label: `query ${param.name}[] object`, url: `${url}?${param.name}[a]=1&${param.name}[b][c]=2` });
  }
  if (op.method === 'GET' || op.method === 'DELETE') {
    cases.push({ op, label: 'query pollution', url: `${url}?__proto__[admin]=1&constructor[prototype][admin]=1` });
    if (op.method === 'GET') return cases;
  }

  // Bodies: whole-body breakage, then field by field.
  for (const broken of BROKEN_BODIES) {
    cases.push({
      op,
      label: broken.label,
      url,
      ...(broken.contentType ? { contentType: broken.contentType } : {}),
      ...(broken.body !== undefined ? { body: broken.body } : {}),
    });
  }
  const schema = op.body ? resolve(op.body) : undefined;
  const valid = (schema ? sample(schema) : {}) as Record<string, unknown>;
  json('extra fields', { ...valid, isAdmin: true, role: 'admin', companyId: '00000000-0000-4000-8000-000000000001', status: 'completed' });
  json('empty object', {});
  const properties = Object.entries(schema?.properties ?? {});
  for (const [field, fieldSchema] of properties) {
    const without = { ...valid };
    delete without[field];
    json(`${field}: missing`, without);
    for (const value of WRONG_TYPES) json(`${field}: ${JSON.stringify(value)?.slice(0, 20)}`, { ...valid, [field]: value });
    for (const value of HOSTILE_STRINGS) json(`${field}: "${value.slice(0, 20)}"`, { ...valid, [field]: value });
    if (/amount|price|fee|limit/i.test(field) || ['integer', 'number'].includes(String(resolve(fieldSchema).type))) {
      for (const value of BAD_AMOUNTS) json(`${field}: amount ${JSON.stringify(value)}`, { ...valid, [field]: value });
    }
  }
  // Fields the schema does not have, with every kind of value.
  for (const value of [...WRONG_TYPES.slice(0, 6), ...HOSTILE_STRINGS.slice(0, 8)])
    json(`unknown field = ${JSON.stringify(value)?.slice(0, 20)}`, { ...valid, zzz: value });
  return cases;
}
