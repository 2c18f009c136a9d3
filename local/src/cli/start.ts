import { constants } from 'node:os';
import { join } from 'node:path';
import { createServer as createVite } from 'vite';
import { dataDir, repoRoot } from '../dataDir.ts';
import { seededAccounts } from '../directory.ts';
import { DEMO_MOVE_PASSWORD, DEMO_MOVE_PATH } from '../seedMoves.ts';
import { demoPersonalLink } from '../seedMoveDay.ts';
import { defaultPorts, startStack } from '../stack.ts';
import { localWebOrigins } from '../staticHost.ts';
import { ensureVisitorBuild, visitorFromBuild } from '../visitorBuild.ts';

const webPort = Number(process.env.WEB_PORT ?? 5173);
const webOrigin = `http://localhost:${webPort}`;
// The visitor site is served from its build, with its service worker, as Static Web Apps serves it (made
// once, and again when its sources changed); the admin app from Vite's dev server.
// A build that fails (a source mid-edit) does not stop the stack: the visitor site is then Vite's, without a worker.
const visitorBuilt = await ensureVisitorBuild().then(
  () => true,
  (error) => {
    console.error(`The visitor site could not be built; it is served by the dev server, without its service worker:\n${error}`);
    return false;
  },
);
const stack = await startStack({ dataDir: dataDir(), ports: defaultPorts(), webOrigins: [webOrigin, `http://127.0.0.1:${webPort}`] });
const viteListeners = { sigterm: process.listeners('SIGTERM'), stdinEnd: process.stdin.listeners('end') };
const vite = await createVite({
  configFile: join(repoRoot, 'web', 'vite.config.ts'),
  server: { port: webPort },
  plugins: visitorBuilt ? [visitorFromBuild({ config: stack.web, origins: localWebOrigins(stack) })] : [],
});
// Vite's dev server ends the process on SIGTERM (and when stdin ends) as soon as Vite itself has
// closed, which cut the stack's stop short. The stack's own stop below handles the signals.
for (const listener of process.listeners('SIGTERM')) if (!viteListeners.sigterm.includes(listener)) process.off('SIGTERM', listener);
for (const listener of process.stdin.listeners('end')) if (!viteListeners.stdinEnd.includes(listener)) process.stdin.off('end', listener as () => void);
await vite.listen();

console.log(`\nThe portal is running: open ${webOrigin}\n`);
console.log('Accounts on the local sign-in page (no password; pick one):');
for (const a of seededAccounts.slice(0, 5)) console.log(`  ${a.mail.padEnd(26)} ${a.note}`);
console.log(`\nVisitor site of the demo move: ${webOrigin}/${DEMO_MOVE_PATH}   e-mail: anyone@client-a.test   password: ${DEMO_MOVE_PASSWORD}`);
console.log(
  visitorBuilt
    ? '  (served from its build with its service worker, so it works offline after a visit, as deployed)'
    : '  (served by the dev server: its build failed, see above; no service worker, so not offline)',
);
// Made at each start (only its hash is stored), so the link printed is always the one that works.
console.log(`  Ola Nordmann's own move-day page (personal link): ${await demoPersonalLink(`${webOrigin}/${DEMO_MOVE_PATH}`)}`);
console.log(`\nAPI:  ${stack.web.apiBaseUrl}/v1/countries   token: npm run token -- super@movers.test`);
console.log('Data is kept in .data/ (delete it to start over). Ctrl-C stops everything.\n');

let stoppingSince: number | undefined;
async function stop(signal: NodeJS.Signals) {
  if (stoppingSince !== undefined) {
    // One Ctrl-C arrives more than once (from the terminal, and forwarded by npm and scripts/start.mjs);
    // a signal a second later is a second Ctrl-C: stop at once. The Cosmos journal already holds
    // every answered write.
    if (Date.now() - stoppingSince < 1000) return;
    console.log('stopping at once');
    process.exit(128 + constants.signals[signal]);
  }
  stoppingSince = Date.now();
  console.log('\nstopping… (Ctrl-C again to stop at once)');
  await vite.close().catch((error) => console.error('web server:', error));
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
