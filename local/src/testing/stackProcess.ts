import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { settings } from '@movers/functions/src/platform/config/settings.ts';
import { repoRoot } from '../dataDir.ts';
import type { Stack } from '../stack.ts';
import { freePort } from './freePort.ts';

export interface StackProcess {
  child: ChildProcess;
  apiOrigin: string;
  idp: Stack['idp'];
  /** The Graph stand-in's base URL (its local views: `_local/mail`, `_local/control`). */
  graphBaseUrl: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs `npm start`'s own entry (`local/src/cli/start.ts`: the whole stack and Vite) in a child
 * process on free ports with the given data dir, and resolves once it says the portal is running.
 */
export async function startStackProcess(dataDir: string, timeoutMs = 60_000, extraEnv: Record<string, string> = {}): Promise<StackProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // A stack started by this test run (the API tests') exports its settings; the child makes its own.
  for (const { name } of settings) delete env[name];
  Object.assign(env, {
    DATA_DIR: dataDir,
    API_PORT: String(await freePort()),
    COSMOS_PORT: String(await freePort()),
    AZURITE_PORT: String(await freePort()),
    AZURITE_QUEUE_PORT: String(await freePort()),
    IDP_PORT: String(await freePort()),
    GRAPH_PORT: String(await freePort()),
    WEB_PORT: String(await freePort()),
    TIMER_INTERVAL_MS: '0',
    QUEUE_POLL_MS: '0',
    ...extraEnv,
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/src/cli/start.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the stack did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const check = () => {
      if (!output.includes('The portal is running')) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolve();
    };
    child.stdout.on('data', check);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the stack ended before it started (code ${code}, signal ${signal}):\n${output}`));
    });
  });
  const { apiOrigin, idp, graphBaseUrl } = JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8'));
  return { child, apiOrigin, idp, graphBaseUrl, output: () => output, exited };
}
