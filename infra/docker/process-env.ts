// What the code says each process of cluster mode is and validates at boot, read from the sources (never by starting
// anything): shared by the deployment specs, infra/docker/compose.spec.ts and infra/k8s/k8s.spec.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ClassConstructor } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const read = (path: string): string => readFileSync(join(root, path), 'utf8');

/** infra/cluster/start.mjs's ENTRY map (read as text: importing the script would start the cluster). */
export function clusterEntries(): Record<string, string> {
  const block = /const ENTRY = \{([\s\S]*?)\};/.exec(read('infra/cluster/start.mjs'))?.[1];
  if (!block) throw new Error('infra/cluster/start.mjs: no `const ENTRY = { … };` map found');
  return Object.fromEntries([...block.matchAll(/^\s*['"]?([\w-]+)['"]?\s*:\s*['"]([^'"]+)['"]/gm)].map((m) => [m[1]!, m[2]!]));
}

export function sourceFiles(dir: string): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(integration-|cluster-)?spec\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

export const loadConfigCalls = (text: string): string[] => [...text.matchAll(/\bloadConfig\(\s*(\w+)/g)].map((m) => m[1]!);

/** The env classes a package validates at boot: its own loadConfig(X) calls plus serviceConfigFromEnv's. */
export function envClassNames(packageDir: string): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(`${packageDir}/src`)) {
    const text = readFileSync(file, 'utf8');
    loadConfigCalls(text).forEach((n) => names.add(n));
    if (/\bserviceConfigFromEnv\(/.test(text)) {
      const helper = sourceFiles('libs/platform/src').find((f) => /export function serviceConfigFromEnv\b/.test(readFileSync(f, 'utf8')));
      if (!helper) throw new Error('serviceConfigFromEnv is called but not found in libs/platform/src');
      loadConfigCalls(readFileSync(helper, 'utf8')).forEach((n) => names.add(n));
    }
  }
  return [...names].sort();
}

/** Imports an env class by name from the package or the shared libs. */
export async function importEnvClass(name: string, packageDir: string): Promise<ClassConstructor<object>> {
  const candidates = [
    ...sourceFiles(`${packageDir}/src`),
    ...readdirSync(join(root, 'libs')).flatMap((lib) => sourceFiles(`libs/${lib}/src`)),
  ];
  const file = candidates.find((f) => new RegExp(`export class ${name}\\b`).test(readFileSync(f, 'utf8')));
  if (!file) throw new Error(`env class ${name} (used by ${packageDir}) not found`);
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  return mod[name] as ClassConstructor<object>;
}

/** Properties of an env class that carry validators but no @IsOptional(): boot fails without them. */
export function requiredVars(cls: ClassConstructor<object>): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
  const props = new Set(metadata.map((m) => m.propertyName));
  const optional = new Set(metadata.filter((m) => m.name === 'isOptional').map((m) => m.propertyName));
  return [...props].filter((p) => !optional.has(p)).sort();
}
