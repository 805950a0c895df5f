import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

export type FieldErrors = Record<string, string[]>;

/** Flattens class-validator errors into `{ "a.b": ["message"] }`. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) out[path] = Object.values(error.constraints);
    if (error.children?.length) Object.assign(out, toFieldErrors(error.children, path));
  }
  return out;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** Deepest nesting a body may have: our DTOs nest two levels; a deeper body is refused before it is walked. */
export const MAX_BODY_DEPTH = 16;

export const BODY_MESSAGES = {
  NOT_OBJECT: 'The request body must be a JSON object',
  TOO_DEEP: `The request body is nested more than ${MAX_BODY_DEPTH} levels deep`,
  NUL: (field: string) => `${field} must not contain a NUL character`,
  NOT_UNICODE: (field: string) => `${field} must be valid Unicode text`,
} as const;

/** A UTF-16 surrogate without its pair: JSON can carry one (`"\ud800"`), but it is no character; validators and
 * PostgreSQL fail on it (issue 12: isEmail's encodeURI threw, answering 500). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Refuses what no field may hold before class-transformer walks the body (recursively: a body nested thousands of
 * levels deep would overflow the stack) and before PostgreSQL sees it (a NUL byte in text is an error there):
 * iterative, bounded by MAX_BODY_DEPTH; answers field errors, or undefined when the body is fine.
 */
export function unsafeBodyErrors(plain: object): FieldErrors | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: plain, path: '', depth: 0 }];
  const errors: FieldErrors = {};
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) errors[path || 'body'] = [BODY_MESSAGES.NUL(path || 'body')];
      else if (LONE_SURROGATE.test(value)) errors[path || 'body'] = [BODY_MESSAGES.NOT_UNICODE(path || 'body')];
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) return { body: [BODY_MESSAGES.TOO_DEEP] };
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return { body: [BODY_MESSAGES.NUL('A field name')] };
      if (LONE_SURROGATE.test(key)) return { body: [BODY_MESSAGES.NOT_UNICODE('A field name')] };
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/**
 * The one validation routine used by the web forms, the gateway and the services: same rules, same messages.
 * Unknown fields are refused so a typo never passes silently.
 */
export function validateDto<T extends object>(cls: ClassConstructor<T>, plain: unknown): ValidationResult<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return { ok: false, errors: { body: [BODY_MESSAGES.NOT_OBJECT] } };
  }
  const unsafe = unsafeBodyErrors(plain);
  if (unsafe) return { ok: false, errors: unsafe };
  const instance = plainToInstance(cls, plain);
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    // One message per field: the first rule that fails is the one a person needs to fix.
    stopAtFirstError: true,
    validationError: { target: false, value: false },
  });
  if (errors.length > 0) {
    const fields = toFieldErrors(errors);
    for (const [key, messages] of Object.entries(fields)) {
      fields[key] = messages.map((m) => (m.startsWith('property ') && m.endsWith('should not exist') ? `Unknown field: ${key}` : m));
    }
    return { ok: false, errors: fields };
  }
  return { ok: true, value: instance };
}

export function summariseFieldErrors(errors: FieldErrors): string {
  return Object.values(errors).flat().join('; ');
}
