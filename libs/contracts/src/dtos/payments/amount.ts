import { registerDecorator, type ValidationOptions } from 'class-validator';
import { MAX_AMOUNT_MINOR } from './payment-messages.js';

/**
 * An amount as the forms send it (a JSON number like 96.44 or a decimal string "96.44"): positive, at most two
 * decimals, at most 999,999.99. Checked on the decimal text, never with float arithmetic.
 */
export function amountToMinor(value: unknown): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 && minor <= MAX_AMOUNT_MINOR ? minor : undefined;
}

export function IsMoneyAmount(options: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isMoneyAmount',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: { validate: (value: unknown) => amountToMinor(value) !== undefined },
    });
}
