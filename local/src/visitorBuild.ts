import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { WebOrigins } from '../../infra/src/webConfig.ts';
import { isVisitorPage } from '../../web/src/visitor/offline.ts';
import { repoRoot } from './dataDir.ts';
import { staticRequestHandler } from './staticHost.ts';

// `npm start` serves the visitor site from its build, with its service worker, as Static Web Apps will:
// Vite's dev server registers no worker, and a new engineer trying the site offline saw the browser's
// error page. The build is made once, and again only when what it is built from changed.

/** Where `npm start` keeps the visitor build (VISITOR_DIST to keep it elsewhere). */
export const visitorBuildDir = resolve(process.env.VISITOR_DIST ?? join(repoRoot, 'node_modules', '.cache', 'movers-visitor-build'));
const STAMP = '.built-from';
/** Bumped when how the build is made changes, so that an older build is made again. */
const BUILD_VERSION = 2;

/** What the visitor build is made of: its sources, the code it shares, the contracts and the build's settings. */
const sources = ['web/src/visitor', 'web/src/common', 'contracts/src', 'web/visitor.html', 'web/vite.config.ts', 'web/package.json', 'package-lock.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, name)));
  return newest;
}

/** Builds the visitor site into `dir` when it is missing or older than its sources; answers whether it built. */
export async function ensureVisitorBuild(dir = visitorBuildDir, log: (line: string) => void = console.log): Promise<boolean> {
  const newest = Math.max(...sources.map((source) => newestChange(join(repoRoot, source))));
  const stamp = join(dir, STAMP);
  if (
    existsSync(join(dir, 'visitor.html')) &&
    existsSync(join(dir, 'sw.js')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === `${BUILD_VERSION}:${newest}`
  )
    return false;
  log(`Building the visitor site (with its service worker) into ${dir} …`);
  const started = Date.now();
  const { build } = await import('vite');
  // The production build whatever NODE_ENV the shell has (a test runner's 'test' built React's
  // development build, which registers no worker); the dev server started next gets it back.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(repoRoot, 'web', 'vite.config.ts'),
      mode: 'visitor',
      logLevel: 'warn',
      build: { outDir: dir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  writeFileSync(stamp, `${BUILD_VERSION}:${newest}`);
  log(`Visitor site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/**
 * A Vite plugin for `npm start`'s dev server: the visitor site's pages (`/{movePath}/…`, the service
 * worker's own rule) and every file of the visitor build (its scripts, `/sw.js`) are answered from the
 * build by the static host's logic (headers, CSP with the local origins), as Static Web Apps answers
 * them; the admin app (`/`, `/admin/*`) stays on the dev server.
 */
export function visitorFromBuild(options: { dir?: string; config: unknown; origins: WebOrigins }): Plugin {
  const dir = options.dir ?? visitorBuildDir;
  const serve = staticRequestHandler({ dir, config: options.config, origins: options.origins });
  const isBuildFile = (path: string) => {
    if (path === '/' || path.endsWith('/') || path.includes('..')) return false;
    const file = join(dir, path);
    return file.startsWith(dir) && existsSync(file) && statSync(file).isFile();
  };
  return {
    name: 'movers-visitor-from-build',
    // Before the dev server's own rewrite of visitor pages to its /visitor.html (vite.config.ts).
    enforce: 'pre',
    configureServer(server) {
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
        if (/^\/(@|src\/|node_modules\/)/.test(path) || path === '/config.json') return next();
        const page = Boolean(req.headers.accept?.includes('text/html')) && isVisitorPage(`http://localhost${path}`);
        if (page || isBuildFile(path)) return serve(req, res);
        next();
      });
    },
  };
}
