import { registerDecorator, type ValidationOptions } from 'class-validator';
import { amountToMinor } from './money.js';

export { amountToMinor, decimalToHundredths, formatMinor } from './money.js';

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
