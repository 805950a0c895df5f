import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { currentOpsServer, registerReadiness, startOpsServer, type OpsServer } from './ops-server.js';

describe('ops server', () => {
  let sut: OpsServer;

  beforeAll(async () => {
    sut = await startOpsServer({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await sut.close();
  });

  const get = (path: string, method = 'GET') => fetch(`${sut.url}${path}`, { method });

  it('picks a free port for METRICS_PORT=0 and tells which', async () => {
    expect(sut.port).toBeGreaterThan(0);
    expect(currentOpsServer()).toBe(sut);
    // One per process: starting again returns the server already listening.
    await expect(startOpsServer({ port: 0 })).resolves.toBe(sut);
  });

  it('serves the registry as Prometheus text on /metrics', async () => {
    const response = await get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const body = await response.text();
    expect(body).toContain('# TYPE paymarket_http_requests_total counter');
    expect(body).toContain('process_cpu_user_seconds_total');
  });

  it('answers liveness while the process runs', async () => {
    const response = await get('/health/live');
    expect(response.status).toBe(200);
  });

  it('is ready only when every registered condition holds; a throwing or false check makes it 503', async () => {
    expect((await get('/health/ready')).status).toBe(503); // nothing registered yet: still starting
    const undoDb = registerReadiness('payments', () => true);
    const response = await get('/health/ready');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'up', ready: true, checks: { payments: true } });
    const undoBroken = registerReadiness('catalog', () => {
      throw new Error('database down');
    });
    expect((await get('/health/ready')).status).toBe(503);
    undoBroken();
    const undoFalse = registerReadiness('catalog', async () => false);
    const body = (await (await get('/health/ready')).json()) as { checks: Record<string, boolean> };
    expect(body.checks).toEqual({ payments: true, catalog: false });
    undoFalse();
    undoDb();
  });

  it('answers 404 elsewhere and 405 to writes', async () => {
    expect((await get('/api/health/live')).status).toBe(404);
    expect((await get('/metrics', 'POST')).status).toBe(405);
  });
});
