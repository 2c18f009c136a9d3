/// <reference lib="webworker" />
import { qrCodePath } from './qrCodePath.ts';
import type { QrCodeBatch, QrCodeRequest } from './qrCodes.ts';

// The sticker sheet's QR codes (issue 56: 2,000 codes at ≈ 4 ms each on a slow laptop), made off the main
// thread a batch at a time, each batch answered as soon as it is made.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = ({ data }: MessageEvent<QrCodeRequest>) => {
  const answer: QrCodeBatch = { batch: data.batch, codes: data.links.map((link) => [link, qrCodePath(link)]) };
  scope.postMessage(answer);
};
