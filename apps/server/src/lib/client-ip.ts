import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from './http-context';

/**
 * The address a request comes from. Without TRUSTED_PROXY it is the socket's: forwarded-for headers
 * are not trusted, since any client can send them to slip past rate limits or reach the dev outbox.
 * With TRUSTED_PROXY (Gona behind one reverse proxy, which appends the address it saw), it is the
 * last address in X-Forwarded-For, so one client behind the proxy cannot block everyone.
 */
export function clientIp(c: Context<AppEnv>): string | undefined {
  if (c.var.deps.config.trustedProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export function isLoopback(ip: string | undefined): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}
