import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { type DocumentUpload, documentBlockId } from '@movers/contracts';
import { settings } from '@movers/functions/src/platform/config/settings.ts';
import { repoRoot } from '../dataDir.ts';
import { CLIENT_A_ID } from '../directory.ts';
import type { Stack } from '../stack.ts';
import { acquireToken } from '../tokens.ts';

const LOCATION = 'l0000000-0000-4000-8000-000000000101';
const MOVE = `${CLIENT_A_ID}_${LOCATION}`;
const MB = 1024 * 1024;

/** A process's resident memory now (VmRSS) and at its peak (VmHWM), in bytes, from /proc. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Sends a multipart upload of `size` bytes made of one repeated 1 MB chunk (the sender never holds the file). */
function upload(origin: string, token: string, size: number): Promise<{ status: number; body: string }> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="bench.bin"\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MB, 0x62);
  const url = new URL(`${origin}/api/v1/locations/${LOCATION}/moves/${MOVE}/document`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        method: 'POST',
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.length + size + tail.length),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const write = (data: Buffer) => new Promise<void>((done) => (req.write(data) ? done() : req.once('drain', done)));
    (async () => {
      await write(head);
      for (let sent = 0; sent < size; sent += chunk.length) await write(sent + chunk.length <= size ? chunk : chunk.subarray(0, size - sent));
      req.end(tail);
    })().catch(reject);
  });
}

/** A large document the way the browser sends it: start, Put Block with the SAS straight to Azurite, commit. */
async function uploadInBlocks(origin: string, token: string, size: number): Promise<{ status: number; body: string; apiSeconds: number }> {
  const base = `${origin}/api/v1/locations/${LOCATION}/moves/${MOVE}/document-uploads`;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  let apiSeconds = 0;
  const timed = async (url: string, body: unknown) => {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await response.text();
    apiSeconds += (performance.now() - started) / 1000;
    return { status: response.status, body: text };
  };
  const started = await timed(base, { name: 'bench.pdf', size });
  if (started.status !== 201) return { ...started, apiSeconds };
  const upload = JSON.parse(started.body) as DocumentUpload;
  const block = Buffer.alloc(upload.blockBytes, 0x62);
  block.write('%PDF-1.4\n', 0, 'latin1');
  for (let i = 0; i < upload.blocks; i++) {
    const length = Math.min(upload.blockBytes, size - i * upload.blockBytes);
    const put = await fetch(`${upload.url}&comp=block&blockid=${encodeURIComponent(documentBlockId(i))}`, { method: 'PUT', body: block.subarray(0, length) });
    if (put.status !== 201) return { status: put.status, body: await put.text(), apiSeconds };
  }
  const committed = await timed(`${base}/${upload.uploadId}`, { blocks: upload.blocks });
  return { ...committed, apiSeconds };
}

/** How a document reaches storage: through the API (multipart, up to 8 MB) or in blocks straight to Blob Storage. */
export type UploadPath = 'direct' | 'blocks';

export interface UploadMemory {
  path: UploadPath;
  sizeMb: number;
  /** The whole upload, as the sender sees it. */
  seconds: number;
  /** What of it the API spent answering (the blocks path: its start and commit calls; direct: all of it). */
  apiSeconds: number;
  baselineMb: number;
  /** The largest VmRSS sampled during the upload minus the baseline. */
  rssRiseMb: number;
  /** VmHWM after the upload minus the baseline, the peak reset before it (clear_refs); null when it could not be reset. */
  hwmRiseMb: number | null;
}

/** Starts `apiProcess.ts` (the stack without the web server) in a child process; resolves once it is ready. */
async function startApiProcess(dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, TIMER_INTERVAL_MS: '0' };
  // A stack started by this process exports its settings; the child makes its own.
  for (const name of [...settings.map((s) => s.name), 'IDENTITY_ENDPOINT', 'IDENTITY_HEADER']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/src/bench/apiProcess.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const ready = await new Promise<{ apiOrigin: string; idp: Stack['idp'] }>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const line = /READY (.*)\n/.exec(output);
      if (line) resolve(JSON.parse(line[1]));
    });
    void exited.then(() => reject(new Error(`the API process ended before it started:\n${output}`)));
  });
  return { child, exited, ...ready };
}

/**
 * Uploads a move document of `sizeMb` by one path to a stack running in its own process without the web
 * server (Vite's own work would blur the figure) and measures that process's memory: the dev host, the
 * route pipeline and the handler run there, so its rise is what the API holds of the file. Azurite is
 * another process; the sender is this one.
 */
export async function measureDocumentUpload(path: UploadPath, sizeMb: number): Promise<UploadMemory> {
  const dataDir = mkdtempSync(join(tmpdir(), 'movers-bench-upload-'));
  const stack = await startApiProcess(dataDir);
  try {
    const pid = stack.child.pid!;
    const token = (await acquireToken({ ...stack.idp, account: 'ext-a@client-a.test' })).accessToken;
    // A first upload loads everything the route needs, so the measure sees only the file's cost.
    const send = (size: number) =>
      path === 'direct' ? upload(stack.apiOrigin, token, size).then((a) => ({ ...a, apiSeconds: Number.NaN })) : uploadInBlocks(stack.apiOrigin, token, size);
    const warm = await send(5 * MB);
    if (warm.status !== 201) throw new Error(`the warm-up upload failed: ${warm.status} ${warm.body}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    let hwmReset = true;
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      hwmReset = false;
    }
    const baseline = memoryOf(pid).rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid).rss);
    }, 5);
    const started = performance.now();
    const answer = await send(sizeMb * MB);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = memoryOf(pid);
    peak = Math.max(peak, after.rss);
    if (answer.status !== 201) throw new Error(`the ${sizeMb} MB upload failed: ${answer.status} ${answer.body}`);
    return {
      path,
      sizeMb,
      seconds,
      apiSeconds: path === 'direct' ? seconds : answer.apiSeconds,
      baselineMb: baseline / MB,
      rssRiseMb: (peak - baseline) / MB,
      hwmRiseMb: hwmReset ? (after.hwm - baseline) / MB : null,
    };
  } finally {
    stack.child.kill('SIGTERM');
    await stack.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
