// Keeps libs/platform/settings.mjs (ADR 0067) complete: a variable a program reads but the declarations miss would
// never be checked at start. Read from the sources, never by starting anything.
import { describe, expect, it } from '@jest/globals';
import { getMetadataStorage } from 'class-validator';
import { SETTINGS, type Program } from '../../libs/platform/settings.mjs';
import { clusterEntries, envClassNames, importEnvClass, read } from '../docker/process-env.js';

const readersOf = (name: string): Program[] => SETTINGS.find((setting) => setting.name === name)?.readBy ?? [];

function propertiesOf(cls: new () => object): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
  return [...new Set(metadata.map((m) => m.propertyName))].sort();
}

// The variables a launcher or CLI script reads by a literal name (`process.env.X`, `env.X`).
function variablesReadBy(path: string): string[] {
  const text = read(path);
  return [...new Set([...text.matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!))].sort();
}

describe('settings declarations', () => {
  // Cluster mode's processes (infra/cluster/start.mjs ENTRY) and the env classes each validates at boot.
  const processes = Object.entries(clusterEntries()).map(([name, entry]) => ({
    program: name as Program,
    packageDir: entry.replace(/\/dist\/.*$/, ''),
  }));

  it.each(processes)(
    'declares every variable $program validates, read by it and checked by start:cluster',
    async ({ program, packageDir }) => {
      const undeclared: string[] = [];
      for (const className of envClassNames(packageDir)) {
        const cls = (await importEnvClass(className, packageDir)) as new () => object;
        for (const name of propertiesOf(cls)) {
          const readers = readersOf(name);
          if (!readers.includes(program) || !readers.includes('start:cluster')) undeclared.push(`${className}.${name}`);
        }
      }
      expect(undeclared).toEqual([]);
    },
  );

  it.each([
    { program: 'start', path: 'infra/embedded/start.mjs' },
    { program: 'start', path: 'infra/embedded/src/main.ts' },
    { program: 'start:cluster', path: 'infra/cluster/start.mjs' },
    { program: 'admin:create', path: 'infra/scripts/admin-create.mjs' },
    { program: 'admin:create', path: 'services/onboarding/src/admins/admin-create.cli.ts' },
    { program: 'ledger:verify', path: 'infra/scripts/ledger-verify.mjs' },
    { program: 'audit:verify', path: 'infra/scripts/audit-verify.mjs' },
    { program: 'dead-letters', path: 'infra/scripts/dead-letters.mjs' },
    { program: 'start', path: 'infra/scripts/build-if-needed.mjs' },
  ] as const)('declares every variable $path reads, read by $program', ({ program, path }) => {
    const undeclared = variablesReadBy(path).filter((name) => !readersOf(name).includes(program));
    expect(undeclared).toEqual([]);
  });

  it("lists every variable in docs/architecture.md's settings table", () => {
    const docs = read('docs/architecture.md');
    // A row starts with the variable's name in backticks (prettier pads the column).
    const missing = SETTINGS.filter((setting) => !new RegExp(`^\\| \`${setting.name}\` +\\|`, 'm').test(docs)).map(
      (setting) => setting.name,
    );
    expect(missing).toEqual([]);
  });
});
