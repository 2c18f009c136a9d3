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

function waitForPort(port: number, timeoutMs: number): Promise<void> {
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

export interface AzuriteQueue {
  /** The queue service endpoint (what `QueueStorage__queueServiceUri` names in Azure). */
  endpoint: string;
  connectionString: string;
  stop(): Promise<void>;
}

/**
 * Starts one Azurite service (its `dist/src/<service>/main.js`) as a child process, spawned directly so
 * that stopping it frees the port; returns how to stop it.
 */
/**
 * How long Azurite may take to open its port: a guard against a hang, not a budget. On a 2-core machine
 * running the unit tests beside the API tests' stack it took over 20 s.
 */
const READY_TIMEOUT_MS = 60_000;

interface ServiceOptions {
  port: number;
  location: string;
  /** READY_TIMEOUT_MS unless a test says otherwise. */
  readyTimeoutMs?: number;
}

async function startAzuriteService(service: 'blob' | 'queue', options: ServiceOptions & { extraArgs?: string[] }): Promise<() => Promise<void>> {
  mkdirSync(options.location, { recursive: true });
  const require = createRequire(import.meta.url);
  const bin = join(dirname(require.resolve('azurite/package.json')), 'dist', 'src', service, 'main.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--require',
      join(dirname(fileURLToPath(import.meta.url)), 'exitWithParent.cjs'),
      bin,
      '--location',
      options.location,
      `--${service}Host`,
      '127.0.0.1',
      `--${service}Port`,
      String(options.port),
      '--disableTelemetry',
      '--skipApiVersionCheck',
      '--loose',
      '--silent',
      ...(options.extraArgs ?? []),
    ],
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  // Never leave Azurite behind holding the port, whatever way this process ends (see exitWithParent.cjs).
  child.channel?.unref();
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`Azurite ${service} exited (code ${code}); is port ${options.port} in use?`))),
  );
  exited.catch(() => undefined);
  const stop = () =>
    new Promise<void>((resolve) => {
      process.off('exit', killChild);
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    await Promise.race([waitForPort(options.port, options.readyTimeoutMs ?? READY_TIMEOUT_MS), exited]);
  } catch (error) {
    // Given up on: not left running (it would hold its port, and keep this process from ending).
    await stop();
    throw error;
  }
  return stop;
}

/**
 * Starts Azurite's blob service over HTTPS with its OAuth option, so that it answers Get User Delegation
 * Key to a bearer token and checks user delegation SAS as Azure does (it accepts OAuth only over HTTPS):
 * large move documents go from the browser straight to a blob with such a SAS, locally as in Azure.
 */
export async function startAzurite(options: ServiceOptions & { tls: { certFile: string; keyFile: string } }): Promise<AzuriteBlob> {
  const stop = await startAzuriteService('blob', {
    ...options,
    extraArgs: ['--oauth', 'basic', '--cert', options.tls.certFile, '--key', options.tls.keyFile],
  });
  const endpoint = `https://127.0.0.1:${options.port}/${AZURITE_ACCOUNT}`;
  return {
    endpoint,
    connectionString: `DefaultEndpointsProtocol=https;AccountName=${AZURITE_ACCOUNT};AccountKey=${AZURITE_KEY};BlobEndpoint=${endpoint};`,
    stop,
  };
}

/**
 * Starts Azurite's queue service, its own process on its own port: the blob service's main.js serves
 * blobs only. Both keep their data under the same location (in files of their own).
 */
export async function startAzuriteQueue(options: ServiceOptions): Promise<AzuriteQueue> {
  const stop = await startAzuriteService('queue', options);
  const endpoint = `http://127.0.0.1:${options.port}/${AZURITE_ACCOUNT}`;
  return {
    endpoint,
    connectionString: `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT};AccountKey=${AZURITE_KEY};QueueEndpoint=${endpoint};`,
    stop,
  };
}
