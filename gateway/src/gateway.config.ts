import type { MessagingRuntime } from '@paymarket/platform';

export interface GatewayConfig {
  port: number;
  host: string;
  messaging: MessagingRuntime;
  rpcTimeoutMs: number;
  production: boolean;
  /** Folder of the built web app; served with SPA fallback when present. */
  webDist?: string;
  /** Folder of the packed SDK (`npm run build` → libs/sdk/pack: the tarball and its latest.json), served at /sdk/. */
  sdkPackDir?: string;
  /** Where integrators reach this PayMarket (PUBLIC_URL): the OpenAPI document's server and the SDK's install URL. */
  publicUrl?: string;
  /** Largest accepted request body. */
  bodyLimitBytes: number;
  /**
   * Believe X-Forwarded-For / -Proto (client IPs for rate limits). Only behind a proxy that sets them: otherwise any
   * client could claim any IP and dodge per-IP limits.
   */
  trustProxy?: boolean;
  /** HMAC secret of the embed widget's tokens (ADR 0052); required in production, a fixed development one otherwise. */
  embedTokenSecret?: string;
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
export const DEFAULT_BODY_LIMIT = 256 * 1024;
