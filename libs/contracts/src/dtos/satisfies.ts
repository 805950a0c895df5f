import { registerDecorator, type ValidationOptions } from 'class-validator';

/**
 * A rule of the DTO's own, as a class-validator decorator: `check(value, object)` is true when the field is fine; the
 * whole object is there for rules that compare fields. One helper for every such rule in contracts.
 */
export function Satisfies(check: (value: unknown, object: object) => boolean, name: string, options: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: { validate: (value, args) => check(value, args!.object) },
    });
}
