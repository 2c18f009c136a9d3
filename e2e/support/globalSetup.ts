import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumArgs, chromiumPath } from '@movers/local/src/testing/chromium.ts';
import { repoRoot } from '@movers/local/src/dataDir.ts';
import { localWebOrigins, startStaticHost } from '@movers/local/src/staticHost.ts';
import { freePort } from '@movers/local/src/testing/freePort.ts';
import { startTestStack, type TestStackInfo } from '@movers/local/src/testing/testStack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: TestStackInfo;
    webOrigin: string;
  }
}

/** Which browser the tests run in, named in the output (the same commit can pass in one Chromium and fail in another). */
async function announceBrowser() {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    console.log(`browser tests in Chromium ${browser.version()} (${chromiumPath})`);
  } finally {
    await browser.close();
  }
}

/** The built web app (npm test builds it first) on a Static-Web-Apps-like host, and a fresh stack. */
export default async function setup(project: TestProject) {
  await announceBrowser();
  // WEB_DIST lets a build elsewhere be tested, so two people can build and test side by side.
  const dist = process.env.WEB_DIST ?? join(repoRoot, 'web', 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('web/dist is missing: run npm run build -w web first');
  const webPort = await freePort();
  const webOrigin = `http://localhost:${webPort}`;
  const running = await startTestStack([webOrigin]);
  // With a `Vary: Origin` on every answer, as a CDN or Vite's dev server (`npm start`) sends: the visitor
  // site's saved copies must open offline whatever the host varies by (issue 45).
  const web = await startStaticHost({
    dir: dist,
    port: webPort,
    config: running.info.web,
    origins: localWebOrigins(running.info),
    hostHeaders: { Vary: 'Origin' },
  });
  project.provide('stack', running.info);
  project.provide('webOrigin', webOrigin);
  return async () => {
    await web.stop();
    await running.stop();
  };
}
