import react from '@vitejs/plugin-react';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { isVisitorPage } from './src/visitor/offline.ts';

const root = __dirname;
const repoRoot = resolve(root, '..');
const require = createRequire(import.meta.url);
const iconsEntry = require.resolve('@fluentui/font-icons-mdl2');
const fontsDir = join(iconsEntry.slice(0, iconsEntry.lastIndexOf('font-icons-mdl2') + 'font-icons-mdl2'.length), 'fonts');

/** Fluent's icon fonts, served from this site instead of Microsoft's CDN (no CDN, strict CSP), and the SWA config. */
function iconFonts(): Plugin {
  return {
    name: 'movers-icon-fonts',
    configureServer(server) {
      server.middlewares.use('/fonts', (req, res, next) => {
        const file = join(fontsDir, (req.url ?? '').split('?')[0]);
        if (!file.startsWith(fontsDir) || !existsSync(file)) return next();
        res.setHeader('Content-Type', 'font/woff');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      // Static Web Apps reads its routes and headers from the deployed folder; the deployment fills in the CSP's origins.
      this.emitFile({ type: 'asset', fileName: 'staticwebapp.config.json', source: readFileSync(join(repoRoot, 'staticwebapp.config.json')) });
      for (const name of readdirSync(fontsDir)) {
        if (name.endsWith('.woff')) this.emitFile({ type: 'asset', fileName: `fonts/${name}`, source: readFileSync(join(fontsDir, name)) });
      }
    },
  };
}

/** A page address of the visitor build (the service worker's rule, offline.ts), and none of Vite's own. */
const isVisitorBuildPage = (page: string) => isVisitorPage(`http://localhost${page}`) && !/^\/(@|src\/|node_modules\/)/.test(page);

/**
 * In development: /config.json from the running local stack, and the headers of
 * staticwebapp.config.json, so the dev server behaves like Static Web Apps (CSP aside, which would
 * block Vite's hot reload).
 */
function localStaticWebApp(): Plugin {
  return {
    name: 'movers-local-swa',
    configureServer(server) {
      const swa = JSON.parse(readFileSync(join(repoRoot, 'staticwebapp.config.json'), 'utf8'));
      server.middlewares.use((req, res, next) => {
        for (const [key, value] of Object.entries(swa.globalHeaders as Record<string, string>)) {
          if (key !== 'Content-Security-Policy') res.setHeader(key, value);
        }
        // Static Web Apps' routing (staticwebapp.config.json): `/` and `/admin/*` are the admin build,
        // every other page address is the visitor build (`/{path}/...` of a move).
        const page = req.url?.split('?')[0] ?? '/';
        if (req.method === 'GET' && req.headers.accept?.includes('text/html') && isVisitorBuildPage(page)) req.url = '/visitor.html';
        if (req.url?.split('?')[0] === '/config.json') {
          const dataDir = process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : join(repoRoot, '.data');
          const file = join(dataDir, 'stack.json');
          if (!existsSync(file)) {
            res.statusCode = 503;
            return res.end('the local stack is not running');
          }
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-store');
          return res.end(JSON.stringify(JSON.parse(readFileSync(file, 'utf8')).web));
        }
        next();
      });
    },
  };
}

/**
 * The files of the visitor build, so that the service worker precaches the visitor shell and nothing of
 * the admin app: built apart, every file of this build is the visitor's (visitor.html is emitted after
 * this hook runs, and the favicon comes from public/).
 */
const visitorFiles = new Set<string>(['visitor.html', 'favicon.svg']);
function visitorShell(): Plugin {
  return {
    name: 'movers-visitor-shell',
    generateBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) visitorFiles.add(fileName);
    },
  };
}

/**
 * visitor.html loads `src/visitor/firstLoad.ts` (its own entry, a few hundred bytes) before the site's
 * script, so that the API's address and the move's answer are asked for while the site's script is still
 * arriving. Vite would bundle a second module script of the page into the first, so it is added here.
 */
function visitorFirstLoad(): Plugin {
  return {
    name: 'movers-visitor-first-load',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'firstLoad');
        if (!chunk) return [];
        // First in the page: module scripts run in order, and this one must have asked before the site's runs.
        return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}

/** The visitor site's service worker (src/visitor/sw.ts, Workbox), built to /sw.js, precaching the visitor shell. */
const visitorServiceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/visitor',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{html,js,css,svg}'],
      manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => visitorFiles.has(entry.url)), warnings: [] })],
    },
  });

/**
 * Two builds into one `dist`: the admin app (`vite build`) and the visitor site (`--mode visitor`). Built
 * apart, each entry's libraries are tree-shaken for that entry alone: built together, the visitor loaded
 * the React Router code of every admin screen through the chunk the two shared (≈ 216 KB of it before
 * minifying instead of ≈ 40 KB).
 */
export default defineConfig(({ mode }) => {
  const visitorBuild = mode === 'visitor';
  return {
    root,
    // The visitor site's router is its own (src/visitor/router.tsx): React Router's part of its first load
    // was 13 KB gzipped, for data routers, forms and fetchers the site never uses (issue 40).
    resolve: visitorBuild ? { alias: [{ find: /^react-router-dom$/, replacement: join(root, 'src/visitor/router.tsx') }] } : {},
    plugins: [
      react(),
      ...(visitorBuild ? [] : [iconFonts(), localStaticWebApp()]),
      // The visitor site's service worker (src/visitor/sw.ts, Workbox), built to /sw.js; the visitor
      // registers it itself (main.tsx), the admin app never does.
      ...(visitorBuild ? [visitorFirstLoad(), visitorShell(), visitorServiceWorker()] : []),
    ],
    server: {
      port: Number(process.env.WEB_PORT ?? 5173),
      strictPort: true,
      host: 'localhost',
      // Serve only what the app is built from; never the data dir (database, signing key) or keys.
      fs: {
        strict: true,
        allow: [root, join(repoRoot, 'contracts'), join(repoRoot, 'node_modules')],
        deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.git/**', '**/.data/**', '**/certs/**'],
      },
    },
    // PDF.js's worker (issue 50) is an ES module; bundled as one it is a `.js` file, which every host serves
    // as JavaScript (a module script of another type is refused).
    worker: { format: 'es' as const },
    build: {
      outDir: 'dist',
      // The admin build first empties the folder; the visitor build adds its files beside it.
      emptyOutDir: !visitorBuild,
      sourcemap: process.env.WEB_SOURCEMAP === '1',
      // A chunk loaded on demand brings its imports with it: the browser asks for them as it reads the chunk.
      // Vite's own preload put a <link> in the page for each of a screen's ≈ 50 chunks, one at a time, as the
      // screen was asked for: 150 ms of the admin's start at 4× CPU slowdown (issue 56). Its styles still come first.
      // The visitor site keeps it: on a phone's network every round trip counts more than the CPU.
      ...(visitorBuild
        ? {}
        : {
            modulePreload: {
              resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) => (hostType === 'js' ? [] : deps),
            },
          }),
      rollupOptions: {
        input: (visitorBuild
          ? { visitor: join(root, 'visitor.html'), firstLoad: join(root, 'src/visitor/firstLoad.ts') }
          : { index: join(root, 'index.html'), redirect: join(root, 'redirect.html') }) as Record<string, string>,
      },
    },
  };
});
