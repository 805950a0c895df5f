import type { TransformFnParams } from 'class-transformer';

export const trimmed = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);
export const normalisedEmail = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim().toLowerCase() : value);
