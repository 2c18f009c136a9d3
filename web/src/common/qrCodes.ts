import type { QrCodePath } from './qrCodePath.ts';
import { loadQrCodePath } from './useQrCodes.ts';
import { yieldToMain } from './yieldToMain.ts';

/** What the QR code worker is asked: a batch of links. */
export interface QrCodeRequest {
  batch: number;
  links: string[];
}
/** What it answers: each link's code, in the order asked. */
export interface QrCodeBatch {
  batch: number;
  codes: [string, QrCodePath][];
}

/** Links a batch: small enough that the sheet's first page has its codes at once, large enough that the messages cost nothing. */
const BATCH = 24;

/**
 * Makes the QR codes of `links` (see qrCodePath.ts) off the main thread (issue 56: a head office's 2,000
 * seat links are ≈ 8 s of script on a slow laptop): in a Web Worker (or two, on a machine with the cores),
 * a batch of links at a time in the order given, `onCodes` called with each batch as it arrives. Should
 * no worker start (a failed load), the codes left are made on the main thread, a batch a task. Answers a
 * function that stops the work.
 */
export function makeQrCodes(links: string[], onCodes: (codes: [string, QrCodePath][]) => void): () => void {
  const batches: string[][] = [];
  for (let i = 0; i < links.length; i += BATCH) batches.push(links.slice(i, i + BATCH));
  const answered = new Set<number>();
  let stopped = false;
  const workers: Worker[] = [];
  const stopWorkers = () => {
    for (const worker of workers) worker.terminate();
    workers.length = 0;
  };
  const onMainThread = async () => {
    stopWorkers();
    const { qrCodePath } = await loadQrCodePath();
    for (let batch = 0; batch < batches.length; batch++) {
      if (stopped) return;
      if (answered.has(batch)) continue;
      answered.add(batch);
      onCodes(batches[batch].map((link) => [link, qrCodePath(link)]));
      await yieldToMain();
    }
  };
  if (batches.length === 0) return () => {};
  try {
    // One worker per spare core, up to 4 (one on a 2-core machine), each given every n-th batch: all
    // of them work down the sheet from its first page.
    const count = Math.min(4, Math.max(1, (navigator.hardwareConcurrency || 2) - 1), batches.length);
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL('./qrCodes.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = ({ data }: MessageEvent<QrCodeBatch>) => {
        if (stopped || answered.has(data.batch)) return;
        answered.add(data.batch);
        onCodes(data.codes);
        if (answered.size === batches.length) stopWorkers();
      };
      worker.onerror = (event) => {
        event.preventDefault();
        if (!stopped && workers.length > 0) void onMainThread();
      };
      workers.push(worker);
    }
    batches.forEach((batchLinks, batch) => {
      const request: QrCodeRequest = { batch, links: batchLinks };
      workers[batch % workers.length].postMessage(request);
    });
  } catch {
    void onMainThread();
  }
  return () => {
    stopped = true;
    stopWorkers();
  };
}
