import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Azurite's well-known development account. */
export const AZURITE_ACCOUNT = 'devstoreaccount1';
export const AZURITE_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface AzuriteBlob {
  endpoint: string;
  connectionString: string;
  stop(): Promise<void>;
}

function waitForPort(port: number, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > until) reject(new Error(`Azurite did not open port ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** Starts Azurite's blob service as a child process (spawned directly so that stopping it frees the port). */
export async function startAzurite(options: { port: number; location: string }): Promise<AzuriteBlob> {
  mkdirSync(options.location, { recursive: true });
  const require = createRequire(import.meta.url);
  const bin = join(dirname(require.resolve('azurite/package.json')), 'dist', 'src', 'blob', 'main.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--require',
      join(dirname(fileURLToPath(import.meta.url)), 'exitWithParent.cjs'),
      bin,
      '--location',
      options.location,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(options.port),
      '--disableTelemetry',
      '--skipApiVersionCheck',
      '--loose',
      '--silent',
    ],
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  // Never leave Azurite behind holding the port, whatever way this process ends (see exitWithParent.cjs).
  child.channel?.unref();
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`Azurite exited (code ${code}); is port ${options.port} in use?`))),
  );
  exited.catch(() => undefined);
  await Promise.race([waitForPort(options.port), exited]);
  const endpoint = `http://127.0.0.1:${options.port}/${AZURITE_ACCOUNT}`;
  return {
    endpoint,
    connectionString: `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT};AccountKey=${AZURITE_KEY};BlobEndpoint=${endpoint};`,
    stop: () =>
      new Promise((resolve) => {
        process.off('exit', killChild);
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
