import { describe, expect, it } from '@jest/globals';
import { PROGRAMS, SETTINGS, settingsOf, settingsProblems, type Program, type Setting } from '../../settings.mjs';

// One declared variable of each kind, and the program that reads it, for the table below.
const cases: Array<{ kind: Setting['kind']; program: Program; name: string; valid: string[]; malformed: string[]; outOfRange?: string[] }> =
  [
    {
      kind: 'path',
      program: 'admin:create',
      name: 'PAYMARKET_DATA_DIR',
      valid: ['/var/lib/paymarket'],
      malformed: ['data', './.data/postgres'],
    },
    {
      kind: 'url',
      program: 'dead-letters',
      name: 'AMQP_URL',
      valid: ['amqp://guest:guest@127.0.0.1:5672', 'amqps://broker.example.com/vhost', 'amqp://r1:5672/v, amqp://r2:5673/v'],
      malformed: ['127.0.0.1:5672', 'http://broker:5672', 'amqp://', 'amqp://r1:5672,', 'amqp://r1:5672,r2:5672'],
    },
    {
      kind: 'port',
      program: 'start:cluster',
      name: 'PROMETHEUS_PORT',
      valid: ['9090', '1', '65535'],
      malformed: ['http', '90.5', '-1'],
      outOfRange: ['0', '65536'],
    },
    {
      kind: 'int',
      program: 'payments',
      name: 'RMQ_PREFETCH',
      valid: ['1', '20', '1000'],
      malformed: ['twenty', '2e1', '1.5'],
      outOfRange: ['0', '1001'],
    },
    { kind: 'enum', program: 'gateway', name: 'NODE_ENV', valid: ['production', 'development', 'test'], malformed: ['prod', 'PRODUCTION'] },
    {
      kind: 'secret',
      program: 'notifications',
      name: 'WEBHOOK_SECRET_KEYS',
      valid: [`k1:${'A'.repeat(43)}=`, `k1:${'A'.repeat(43)}=,k2:${'b'.repeat(43)}`],
      malformed: ['k1:short', 'not-a-key-list'],
    },
    {
      kind: 'text',
      program: 'start:cluster',
      name: 'PAYMARKET_REPLICAS',
      valid: ['payments=2', 'payments=3,notifications=2'],
      malformed: ['payments', 'payments=0', 'payments=two'],
    },
  ];

function problemsFor(program: Program, name: string, value: string): string[] {
  return settingsProblems(program, { [name]: value }).filter((line) => line.startsWith(`${name}:`));
}

describe('settings', () => {
  describe.each(cases)('$kind ($name)', ({ kind, program, name, valid, malformed, outOfRange = [] }) => {
    const setting = SETTINGS.find((s) => s.name === name);

    it(`is declared as ${kind} and read by ${program}`, () => {
      expect(setting?.kind).toBe(kind);
      expect(settingsOf(program).map((s) => s.name)).toContain(name);
    });

    it('refuses an empty value (and one of spaces), naming the variable', () => {
      expect(problemsFor(program, name, '')).toEqual([expect.stringMatching(new RegExp(`^${name}: expected .+, got an empty value$`))]);
      expect(problemsFor(program, name, '  ')).toEqual([expect.stringMatching(/got an empty value$/)]);
    });

    it.each(malformed)('refuses the malformed value %j', (value) => {
      expect(problemsFor(program, name, value)).toEqual([expect.stringMatching(new RegExp(`^${name}: expected `))]);
    });

    if (outOfRange.length > 0) {
      it.each(outOfRange)('refuses %j, out of range', (value) => {
        expect(problemsFor(program, name, value)).toEqual([expect.stringMatching(new RegExp(`^${name}: expected .+ from `))]);
      });
    }

    it.each(valid)('accepts %j', (value) => {
      expect(problemsFor(program, name, value)).toEqual([]);
    });
  });

  it('says what is expected and what came, in one line', () => {
    expect(settingsProblems('admin:create', { PAYMARKET_DATA_DIR: '' })).toEqual([
      'PAYMARKET_DATA_DIR: expected an absolute folder path, got an empty value',
    ]);
    expect(settingsProblems('start:cluster', { PROMETHEUS_PORT: '70000', AMQP_URL: 'amqp://h' })).toEqual([
      'PROMETHEUS_PORT: expected a port from 1 to 65535, got "70000"',
    ]);
  });

  it('never echoes a secret or a URL (which may carry a password)', () => {
    const [secret] = settingsProblems('start', { EMBED_TOKEN_SECRET: 'hunter2-too-short' });
    expect(secret).toBe(
      'EMBED_TOKEN_SECRET: expected at least 32 characters (e.g. openssl rand -base64 48), got a value of 17 character(s) (not shown: secret)',
    );
    const [url] = settingsProblems('dead-letters', { AMQP_URL: 'guest:s3cret@broker' });
    expect(url).toMatch(/^AMQP_URL: expected one or more URLs separated by commas \(amqp:\/\/ or amqps:\/\/\)/);
    expect(url).not.toContain('s3cret');
  });

  it('allows unset variables unless the program requires them', () => {
    expect(settingsProblems('admin:create', {})).toEqual([]);
    expect(settingsProblems('start', {})).toEqual([]);
    expect(settingsProblems('dead-letters', {})).toEqual([
      'AMQP_URL: expected one or more URLs separated by commas (amqp:// or amqps://) such as amqp://guest:guest@127.0.0.1:5672, got nothing (it is required)',
    ]);
  });

  it('lets STRIPE_API_URL be empty: docker-compose passes it empty to mean api.stripe.com', () => {
    expect(settingsProblems('payments', { STRIPE_API_URL: '', DATABASE_URL: 'postgres://h/db', AMQP_URL: 'amqp://h' })).toEqual([]);
  });

  it('reports ports 0 as "any free port" only where the program supports it', () => {
    expect(settingsProblems('start', { PORT: '0', METRICS_PORT: '0' })).toEqual([]);
    expect(settingsProblems('start:cluster', { PROMETHEUS_PORT: '0', AMQP_URL: 'amqp://h' })).toHaveLength(1);
  });

  it('declares every variable once, read by known programs, with something to say when unset', () => {
    const names = SETTINGS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const setting of SETTINGS) {
      expect(setting.readBy.length).toBeGreaterThan(0);
      expect(setting.readBy.every((p) => PROGRAMS.includes(p))).toBe(true);
      expect(setting.fallback.length).toBeGreaterThan(0);
    }
  });
});
