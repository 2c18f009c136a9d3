import { getDocument, GlobalWorkerOptions, PasswordException, type PDFDocumentProxy, VerbosityLevel } from 'pdfjs-dist';
// Its own file beside the app's scripts (built by Vite as a worker, so a `.js`), loaded when a PDF is opened.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?worker&url';
import { attempts, FLOOR_IMAGE_BUDGET_BYTES, type PdfProblem, posterize, renderSize, THUMBNAIL_WIDTH } from './pdfPages.ts';

// Mozilla's PDF.js, in the browser (issue 50: the API runs no PDF renderer). This module is imported only
// when a coordinator chooses a PDF, so neither it nor the library is in the planner's first screen.

GlobalWorkerOptions.workerSrc = workerUrl;

/** A PDF that could not be opened or drawn, with the reason the user is told. */
export class PdfError extends Error {
  constructor(readonly problem: PdfProblem) {
    super(problem);
  }
}

export interface OpenedPdf {
  pageCount: number;
  /** A page's thumbnail as an object URL (the caller revokes it). */
  thumbnail(page: number): Promise<string>;
  /** A page as the floor's plan: lossless WebP (PNG where the browser writes no WebP), within the budget where it can be. */
  render(page: number): Promise<File>;
  close(): Promise<void>;
}

const canvasOf = (width: number, height: number) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
};

const blobOf = (canvas: HTMLCanvasElement, type: string, quality: number) =>
  new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new PdfError('tooLarge'))), type, quality));

/** A plan's image from the drawn page: fewer colours, then a smaller copy, until it fits the budget. */
async function encode(drawn: HTMLCanvasElement): Promise<Blob> {
  let best: Blob | undefined;
  const long = Math.max(drawn.width, drawn.height);
  for (const attempt of attempts(long)) {
    const ratio = attempt.longSide / long;
    const canvas = canvasOf(Math.round(drawn.width * ratio), Math.round(drawn.height * ratio));
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.imageSmoothingQuality = 'high';
    context.drawImage(drawn, 0, 0, canvas.width, canvas.height);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    posterize(pixels.data, attempt.levels);
    context.putImageData(pixels, 0, 0);
    // Quality 1: lossless WebP where the browser writes it (Chromium); a browser that writes no WebP answers PNG.
    best = await blobOf(canvas, 'image/webp', 1);
    canvas.width = 0;
    canvas.height = 0;
    if (best.size <= FLOOR_IMAGE_BUDGET_BYTES) break;
  }
  return best!;
}

/** Opens a PDF; refuses one that is encrypted, damaged or has no pages, with the reason. */
export async function openPdf(file: File): Promise<OpenedPdf> {
  let pdf: PDFDocumentProxy;
  // No password is ever asked: an encrypted plan is refused with the reason.
  // Errors only: a damaged file's repair notes are the library's business; the user hears the outcome.
  const task = getDocument({ data: new Uint8Array(await file.arrayBuffer()), password: '', verbosity: VerbosityLevel.ERRORS });
  try {
    pdf = await task.promise;
  } catch (error) {
    await task.destroy();
    throw new PdfError(error instanceof PasswordException || (error as Error)?.name === 'PasswordException' ? 'encrypted' : 'damaged');
  }
  if (pdf.numPages < 1) {
    await task.destroy();
    throw new PdfError('empty');
  }
  const base = file.name.replace(/\.pdf$/i, '');

  async function draw(number: number, size: (width: number, height: number) => { scale: number; width: number; height: number } | null) {
    const page = await pdf.getPage(number).catch(() => {
      throw new PdfError('damaged');
    });
    const natural = page.getViewport({ scale: 1 });
    const target = size(natural.width, natural.height);
    if (!target) throw new PdfError('tooLarge');
    const viewport = page.getViewport({ scale: target.scale });
    const canvas = canvasOf(Math.floor(viewport.width), Math.floor(viewport.height));
    try {
      await page.render({ canvas, viewport, background: '#ffffff' }).promise;
    } catch {
      throw new PdfError('damaged');
    } finally {
      page.cleanup();
    }
    return canvas;
  }

  return {
    pageCount: pdf.numPages,
    async thumbnail(number) {
      const canvas = await draw(number, (width, height) => {
        const scale = (THUMBNAIL_WIDTH * 2) / width;
        return { scale, width: THUMBNAIL_WIDTH * 2, height: Math.round(height * scale) };
      });
      return URL.createObjectURL(await blobOf(canvas, 'image/jpeg', 0.7));
    },
    async render(number) {
      const canvas = await draw(number, renderSize);
      const blob = await encode(canvas);
      canvas.width = 0;
      canvas.height = 0;
      const extension = blob.type === 'image/webp' ? 'webp' : 'png';
      return new File([blob], `${base} p${number}.${extension}`, { type: blob.type });
    },
    close: () => task.destroy(),
  };
}
