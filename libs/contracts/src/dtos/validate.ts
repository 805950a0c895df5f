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

/**
 * The one validation routine used by the web forms, the gateway and the services: same rules, same messages.
 * Unknown fields are refused so a typo never passes silently.
 */
export function validateDto<T extends object>(cls: ClassConstructor<T>, plain: unknown): ValidationResult<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return { ok: false, errors: { body: ['The request body must be a JSON object'] } };
  }
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
