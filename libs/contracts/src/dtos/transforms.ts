import type { TransformFnParams } from 'class-transformer';

export const trimmed = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);
export const normalisedEmail = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/**
 * A query-string integer (`?limit=20`) as a number; anything else is left for the validators to refuse. Used instead
 * of class-transformer's Type decorator, which needs reflect-metadata and so breaks in the browser bundle.
 */
export const queryInteger = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;
