import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { renderSwaConfig, type WebOrigins } from '../../infra/src/webConfig.ts';
import { repoRoot } from './dataDir.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff': 'font/woff',
  '.png': 'image/png',
};

interface SwaConfig {
  navigationFallback: { rewrite: string; exclude?: string[] };
  routes?: { route: string; rewrite?: string; headers?: Record<string, string> }[];
  globalHeaders?: Record<string, string>;
}

/**
 * Static Web Apps answers text files compressed (brotli, else gzip) when the browser accepts it; so does
 * this host, so that what the bench measures on a slow network is what a phone downloads. Each version of
 * a file is compressed once, on libuv's threads: compressed on the event loop, the first page's fifty files
 * held the API (served by the same process in the bench and the tests) for 2.5 s (issue 56).
 */
const compressedCopies = new Map<string, Promise<Buffer>>();
const compressors = { br: promisify(brotliCompress), gzip: promisify(gzip) };
const compressible = (file: string) => /\.(html|js|css|json|svg)$/.test(file);

function compressedCopy(file: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const key = `${encoding}:${file}:${statSync(file).mtimeMs}`;
  let copy = compressedCopies.get(key);
  if (!copy) {
    copy = compressors[encoding](readFileSync(file));
    compressedCopies.set(key, copy);
    copy.catch(() => compressedCopies.delete(key));
  }
  return copy;
}

async function compressedFile(file: string, acceptEncoding: string): Promise<{ body: Buffer; encoding?: 'br' | 'gzip' }> {
  const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : undefined;
  if (!encoding || !compressible(file)) return { body: readFileSync(file) };
  return { body: await compressedCopy(file, encoding), encoding };
}

/** A built app's text files compressed as the host starts, as Static Web Apps serves them compressed from the first request. */
function compressAhead(dir: string) {
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }))
    if (compressible(name)) compressedCopy(join(dir, name), 'br').catch(() => undefined);
}

const globToRegExp = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/** The local stack's origins for the CSP's placeholders, as the deployment fills them with Azure's. */
export function localWebOrigins(stack: { web: { apiBaseUrl: string; authority: string }; settings: Record<string, string> }): WebOrigins {
  return {
    api: [stack.web.apiBaseUrl],
    identity: [stack.web.authority],
    storage: [stack.settings.STORAGE_BLOB_ENDPOINT],
  };
}

/**
 * Answers a request from a built web app the way Azure Static Web Apps does with
 * staticwebapp.config.json: global and per-route headers (the CSP naming the given origins, as the
 * deployment writes it), route rewrites (`/admin/*` → the admin build) and the navigation fallback
 * (every other path → the visitor build, whose first segment is a move's path), text files compressed.
 * `/config.json` comes from the caller. Used by the static host below, and by `npm start`'s dev server
 * for the visitor site's pages and files (local/src/visitorBuild.ts). `hostHeaders` are added to every
 * answer, as a host or CDN in front of the site adds its own (`Vary: Origin`, merged into the files'
 * `Vary`): the site must not depend on which headers the host sends (issue 45: a saved copy stored with
 * `Vary: Origin` missed offline).
 */
export function staticRequestHandler(options: {
  dir: string;
  config: unknown;
  origins: WebOrigins;
  hostHeaders?: Record<string, string>;
}): (req: IncomingMessage, res: ServerResponse) => void {
  const swa = JSON.parse(renderSwaConfig(readFileSync(join(repoRoot, 'staticwebapp.config.json'), 'utf8'), options.origins)) as SwaConfig;
  const excluded = (swa.navigationFallback.exclude ?? []).map(globToRegExp);
  compressAhead(options.dir);
  return (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const headers: Record<string, string> = { ...swa.globalHeaders, ...options.hostHeaders };
    let rewrite: string | undefined;
    for (const route of swa.routes ?? [])
      if (globToRegExp(route.route).test(path)) {
        Object.assign(headers, route.headers);
        // The first matching route with a rewrite wins, as in Static Web Apps (/admin/* → the admin build).
        rewrite ??= route.rewrite;
      }
    if (path === '/config.json') {
      res.writeHead(200, { ...headers, 'Content-Type': 'application/json' }).end(JSON.stringify(options.config));
      return;
    }
    let file = normalize(join(options.dir, rewrite ?? path));
    if (!file.startsWith(options.dir)) return void res.writeHead(400).end();
    if (!existsSync(file) || statSync(file).isDirectory()) {
      if (excluded.some((r) => r.test(path))) return void res.writeHead(404, headers).end('not found');
      file = join(options.dir, swa.navigationFallback.rewrite);
    }
    compressedFile(file, String(req.headers['accept-encoding'] ?? '')).then(
      ({ body, encoding }) =>
        res
          .writeHead(200, {
            ...headers,
            'Content-Type': types[extname(file)] ?? 'application/octet-stream',
            Vary: ['Accept-Encoding', options.hostHeaders?.Vary].filter(Boolean).join(', '),
            ...(encoding ? { 'Content-Encoding': encoding } : {}),
          })
          .end(body),
      (error: unknown) => res.writeHead(500, headers).end(String(error)),
    );
  };
}

/** A built web app served as Static Web Apps serves it (staticRequestHandler). Used by the browser tests and the bench. */
export async function startStaticHost(options: {
  dir: string;
  port: number;
  config: unknown;
  origins: WebOrigins;
  hostHeaders?: Record<string, string>;
  /** Another build, served to a browser that sends the cookie `build=b` (the bench's comparison of two builds). */
  otherDir?: string;
}): Promise<{ origin: string; stop(): Promise<void> }> {
  const served = staticRequestHandler(options);
  const other = options.otherDir ? staticRequestHandler({ ...options, dir: options.otherDir }) : undefined;
  const server = createServer((req, res) => (other && /(^|;\s*)build=b(;|$)/.test(req.headers.cookie ?? '') ? other : served)(req, res));
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
