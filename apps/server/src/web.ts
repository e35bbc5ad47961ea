import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import type { AppEnv } from './lib/http-context';
import type { Logger } from './lib/logger';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

type Asset = { body: Buffer; type: string; br?: Buffer; gzip?: Buffer };

/**
 * Serves the built web app (apps/web/dist) for every GET outside /api and /dev: a prerendered
 * public page (dist/<path>/index.html; /not-found answers 404), else a file of dist, else the SPA
 * shell dist/app.html, whose router sends unknown top-level paths to /not-found. Hashed assets are
 * cached for a year; the shell and the service worker never, so a deploy is picked up at once.
 * Returns false when dist is missing (the API still works).
 */
export function mountWebApp(app: Hono<AppEnv>, distDir: string, logger: Logger): boolean {
  if (!existsSync(join(distDir, 'app.html'))) {
    logger.warn(
      `The web app is not built (${join(distDir, 'app.html')} is missing), so only the API is served. ` +
        'Run "npm run build" (or "npm start", which builds first).',
    );
    return false;
  }
  const cache = new Map<string, Asset | null>();

  const load = async (file: string): Promise<Asset | null> => {
    if (cache.has(file)) return cache.get(file) ?? null;
    const found = await stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
    const asset = found
      ? { body: await readFile(file), type: TYPES[extname(file)] ?? 'application/octet-stream' }
      : null;
    cache.set(file, asset);
    return asset;
  };

  app.get('*', async (c, next) => {
    const path = decodePath(c.req.path);
    if (path === null) return next();
    if (path === '/api' || path.startsWith('/api/') || path === '/dev' || path.startsWith('/dev/'))
      return next();

    const page = inside(distDir, join(path, 'index.html'));
    const pageAsset = page && path !== '/' ? await load(page) : null;
    if (pageAsset) return send(c, pageAsset, NO_CACHE, path === '/not-found' ? 404 : 200);

    const file = path === '/' ? null : inside(distDir, path);
    const fileAsset = file ? await load(file) : null;
    if (fileAsset) return send(c, fileAsset, cacheControl(path), 200);

    // "/" is prerendered too when the public site is built; the shell covers the rest.
    const home = path === '/' ? await load(join(distDir, 'index.html')) : null;
    if (home) return send(c, home, NO_CACHE, 200);
    const shell = await load(join(distDir, 'app.html'));
    return shell ? send(c, shell, NO_CACHE, 200) : next();
  });
  return true;
}

function send(c: Context, asset: Asset, cacheControl: string, status: 200 | 404): Response {
  const headers: Record<string, string> = {
    'content-type': asset.type,
    'cache-control': cacheControl,
    vary: 'accept-encoding',
  };
  const accepts = c.req.header('accept-encoding') ?? '';
  let body = asset.body;
  if (COMPRESSIBLE.test(asset.type) && asset.body.length > 1024) {
    if (/\bbr\b/.test(accepts)) {
      asset.br ??= brotliCompressSync(asset.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } });
      body = asset.br;
      headers['content-encoding'] = 'br';
    } else if (/\bgzip\b/.test(accepts)) {
      asset.gzip ??= gzipSync(asset.body, { level: 9 });
      body = asset.gzip;
      headers['content-encoding'] = 'gzip';
    }
  }
  return c.body(new Uint8Array(body), status, headers);
}

function cacheControl(path: string): string {
  if (path.startsWith('/assets/')) return IMMUTABLE;
  if (path === '/sw.js' || path.endsWith('.html') || path.endsWith('.webmanifest')) return NO_CACHE;
  return SHORT;
}

function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** The file inside dist for a URL path, or null when the path tries to leave dist. */
function inside(root: string, path: string): string | null {
  const full = normalize(join(root, path));
  return full === root || full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : null;
}
