import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SERVICE_NAMES, healthPattern, type ReadinessReport } from '@paymarket/contracts';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';

const HEALTH_TIMEOUT_MS = 2_000;

@DocTag('Health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({
    summary: 'Liveness: the gateway process answers',
    schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', const: 'live' } } },
  })
  @Get('live')
  live(): { status: 'live' } {
    return { status: 'live' };
  }

  /** Ready when the broker carries a round trip to every service and each reports its database up. */
  @Doc({ summary: 'Readiness: broker, database and every service answer (503 when not)', returns: 'ReadinessReport' })
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessReport> {
    const results = await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        try {
          const health = await this.rpc.call(healthPattern(service), {}, { timeoutMs: HEALTH_TIMEOUT_MS });
          return [
            service,
            health.database === 'up' ? { status: 'up' as const } : { status: 'down' as const, detail: 'database unreachable' },
          ] as const;
        } catch (err) {
          return [service, { status: 'down' as const, detail: err instanceof Error ? err.message : 'no answer' }] as const;
        }
      }),
    );
    const checks: ReadinessReport['checks'] = Object.fromEntries(results);
    const anyAnswered = results.some(([, r]) => r.status === 'up' || r.detail === 'database unreachable');
    checks.broker = anyAnswered ? { status: 'up' } : { status: 'down', detail: 'no service answered over the broker' };
    checks.database = results.every(([, r]) => r.status === 'up') ? { status: 'up' } : { status: 'down', detail: 'see the services' };
    const ready = Object.values(checks).every((c) => c.status === 'up');
    void reply.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not_ready', checks };
  }
}
