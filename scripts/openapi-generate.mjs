// `npm run openapi:generate`: regenerates what the OpenAPI document and the SDK are made of (ADR 0035):
//   gateway/src/openapi/contract-schemas.json  JSON Schemas of the contracts' response and event types
//   libs/sdk/openapi.json                       the document the gateway serves at /api/openapi.json
//   libs/sdk/src/schema.ts                      the SDK's types (openapi-typescript) and API_VERSION
// Run it after changing a route, a DTO or a contract type; a spec fails while these files are stale.
import { spawnSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const nx = spawnSync('npx', ['nx', 'run', '@paymarket/gateway:build', '--output-style=stream'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});
if (nx.status !== 0) process.exit(nx.status ?? 1);

const gatewayDist = join(root, 'gateway/dist/openapi');
const { generateContractSchemas } = await import(join(gatewayDist, 'generate-contract-schemas.js'));
const contractSchemas = `${JSON.stringify(await generateContractSchemas(), null, 2)}\n`;
writeFileSync(join(root, 'gateway/src/openapi/contract-schemas.json'), contractSchemas);
// The built gateway reads its copy; refresh it so the document below uses the new schemas.
copyFileSync(join(root, 'gateway/src/openapi/contract-schemas.json'), join(gatewayDist, 'contract-schemas.json'));

const { currentOpenApiJson, sdkSchemaSource, GENERATED_PATHS } = await import(join(gatewayDist, 'sdk-sources.js'));
const openapiJson = await currentOpenApiJson();
writeFileSync(join(root, GENERATED_PATHS.openapiJson), openapiJson);
writeFileSync(join(root, GENERATED_PATHS.schemaTs), await sdkSchemaSource(openapiJson));
console.log(`wrote ${Object.values(GENERATED_PATHS).join(', ')}`);
process.exit(0);
