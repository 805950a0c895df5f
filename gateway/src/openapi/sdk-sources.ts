import { InProcessBroker } from '@paymarket/platform';
import { DEFAULT_BODY_LIMIT } from '../gateway.config.js';
import { createGatewayApp } from '../start-gateway.js';
import { generateContractSchemas } from './generate-contract-schemas.js';
import { OpenApiDocumentHolder } from './openapi.controller.js';

/** What `npm run openapi:generate` writes, and the drift spec compares with what is committed (ADR 0035). */
export interface GeneratedSources {
  /** gateway/src/openapi/contract-schemas.json */
  contractSchemas: string;
  /** libs/sdk/openapi.json */
  openapiJson: string;
  /** libs/sdk/src/schema.d.ts */
  schemaDts: string;
}

export const GENERATED_PATHS = {
  contractSchemas: 'gateway/src/openapi/contract-schemas.json',
  openapiJson: 'libs/sdk/openapi.json',
  schemaDts: 'libs/sdk/src/schema.d.ts',
} as const;

/** The document as the gateway serves it: a gateway app with no services behind it (building needs none). */
export async function currentOpenApiJson(): Promise<string> {
  const app = await createGatewayApp({
    port: 0,
    host: '127.0.0.1',
    production: false,
    rpcTimeoutMs: 1000,
    bodyLimitBytes: DEFAULT_BODY_LIMIT,
    messaging: { kind: 'in-process', broker: new InProcessBroker(), prefetch: 1 },
  });
  try {
    return `${JSON.stringify(JSON.parse(app.get(OpenApiDocumentHolder).get()), null, 2)}\n`;
  } finally {
    await app.close();
  }
}

export async function sdkSchemaSource(openapiJson: string): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(JSON.parse(openapiJson) as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return astToString(ast);
}

export async function generateSources(): Promise<GeneratedSources> {
  const contractSchemas = `${JSON.stringify(await generateContractSchemas(), null, 2)}\n`;
  const openapiJson = await currentOpenApiJson();
  return { contractSchemas, openapiJson, schemaDts: await sdkSchemaSource(openapiJson) };
}
