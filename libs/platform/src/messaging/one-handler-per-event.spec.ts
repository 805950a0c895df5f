import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// libs/platform/src/messaging → services/
const servicesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'services');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !/\.(integration-)?spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

// Nest runs every handler a service registers for an event pattern, and each one acks the RabbitMQ delivery after its
// transaction: two handlers for one event ack it twice, RabbitMQ closes the channel ("unknown delivery tag") and the
// service's messages are redelivered. The in-process broker of embedded mode does not show this, so it is checked here.
describe('each service has at most one handler per event', () => {
  const services = readdirSync(servicesDir, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'node_modules');

  it.each(services.map((s) => [s.name]))('%s', (service) => {
    const patterns = sources(join(servicesDir, service, 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/@EventPattern(?:<[^>]*>)?\(([^)]*)\)/g)].map((m) => m[1]!.trim()),
    );
    const duplicates = patterns.filter((p, i) => patterns.indexOf(p) !== i);
    expect(duplicates).toEqual([]);
  });
});
