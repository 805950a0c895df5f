import { fileURLToPath } from 'node:url';
import { CONTRACT_TYPES } from './contract-types.js';
import { sortKeys } from './openapi.document.js';

type Schema = Record<string, unknown>;

/**
 * JSON Schemas of CONTRACT_TYPES, read from libs/contracts' TypeScript sources with ts-json-schema-generator.
 * Development time only (it needs TypeScript): `npm run openapi:generate` writes the result to contract-schemas.json
 * and a spec fails when the committed file differs from what the sources say.
 */
export async function generateContractSchemas(): Promise<Record<string, Schema>> {
  const { createGenerator } = await import('ts-json-schema-generator');
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const generator = createGenerator({
    path: `${root}libs/contracts/src/index.ts`,
    tsconfig: `${root}tsconfig.json`,
    skipTypeCheck: true,
    expose: 'export',
    topRef: false,
    jsDoc: 'basic',
    additionalProperties: true,
    functions: 'hide',
  });
  const definitions: Record<string, Schema> = {};
  for (const type of CONTRACT_TYPES) {
    const schema = generator.createSchema(type) as Schema & { definitions?: Record<string, Schema> };
    const { definitions: nested = {}, $schema: _ignored, ...own } = schema;
    Object.assign(definitions, nested);
    definitions[type] = own;
  }
  return sortKeys(definitions);
}
