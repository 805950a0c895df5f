import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { summariseFieldErrors, validateDto } from '@paymarket/contracts';
import { ApiError } from './api-error.js';

/**
 * Validates request bodies with the shared DTO classes — the same rules and messages the web forms use — and
 * answers 400 with every field's message. Unknown fields are refused, never silently dropped.
 */
@Injectable()
export class DtoValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const cls = metadata.metatype;
    if (metadata.type !== 'body' || !cls || !hasValidationRules(cls)) return value;
    const result = validateDto(cls as new () => object, value);
    if (!result.ok) throw ApiError.of(400, summariseFieldErrors(result.errors), result.errors);
    return result.value;
  }
}

function hasValidationRules(cls: unknown): boolean {
  return getMetadataStorage().getTargetValidationMetadatas(cls as new () => object, '', true, false).length > 0;
}
