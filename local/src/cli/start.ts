import { createServer as createVite } from 'vite';
import { dataDir, repoRoot } from '../dataDir.ts';
import { seededAccounts } from '../directory.ts';
import { defaultPorts, startStack } from '../stack.ts';
import { join } from 'node:path';

const webPort = Number(process.env.WEB_PORT ?? 5173);
const webOrigin = `http://localhost:${webPort}`;
const stack = await startStack({ dataDir: dataDir(), ports: defaultPorts(), webOrigins: [webOrigin, `http://127.0.0.1:${webPort}`] });
const vite = await createVite({ configFile: join(repoRoot, 'web', 'vite.config.ts'), server: { port: webPort } });
await vite.listen();

console.log(`\nThe portal is running: open ${webOrigin}\n`);
console.log('Accounts on the local sign-in page (no password; pick one):');
for (const a of seededAccounts.slice(0, 5)) console.log(`  ${a.mail.padEnd(26)} ${a.note}`);
console.log(`\nAPI:  ${stack.web.apiBaseUrl}/v1/countries   token: npm run token -- super@movers.test`);
console.log('Data is kept in .data/ (delete it to start over). Ctrl-C stops everything.\n');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping…');
  await vite.close();
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
