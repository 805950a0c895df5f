import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiListOrdersDto } from './payments/api-order.dto.js';
import { validateDto } from './validate.js';

const here = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.spec.') ? [path] : [];
  });
}

// The web bundle imports these DTOs and has no reflect-metadata: a decorator that reads design types at class
// definition (class-transformer's @Type, which @ValidateNested needs) blanks every page with
// "Reflect.getMetadata is not a function". Jest loads reflect-metadata, so only this check catches it before e2e.
describe('DTOs are safe to bundle for the browser', () => {
  it.each(sources(here).map((path) => [path.slice(here.length + 1), path]))('%s uses no @Type()', (_name, path) => {
    expect(readFileSync(path, 'utf8')).not.toMatch(/@Type\(/);
  });

  it('reads ?limit= as an integer without @Type, and refuses text', () => {
    expect(validateDto(ApiListOrdersDto, { limit: '5' })).toMatchObject({ ok: true, value: { limit: 5 } });
    expect(validateDto(ApiListOrdersDto, { limit: 'five' })).toMatchObject({ ok: false });
    expect(validateDto(ApiListOrdersDto, { limit: '0' })).toMatchObject({ ok: false });
  });
});
