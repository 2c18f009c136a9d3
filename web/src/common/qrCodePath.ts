import { create } from 'qrcode';

/**
 * A QR code drawn as one SVG path: `size` modules a side (the quiet zone included), in a viewBox of
 * `0 0 size size`, each row's dark runs a stroke one module wide (drawn with `stroke` and
 * `shape-rendering="crispEdges"`, as the `qrcode` package's own SVG draws them).
 */
export interface QrCodePath {
  size: number;
  path: string;
}

/** The light modules around the code (the quiet zone), as the sticker sheet has always printed them. */
export const QR_MARGIN = 2;

/**
 * The QR code of a link by the `qrcode` package, error correction H (30 % may be lost: tape over a corner,
 * a crease). The link is one byte-mode segment: the library's search for the shortest mix of modes (a
 * graph search over every character) cost more than the code itself (issue 56), for a code a few modules
 * larger at most. Pure and synchronous: the sticker sheet runs it in a worker (qrCodes.worker.ts).
 */
export function qrCodePath(link: string): QrCodePath {
  const { modules } = create([{ data: new TextEncoder().encode(link), mode: 'byte' }], { errorCorrectionLevel: 'H' });
  const { size, data } = modules;
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    // Where the pen is after the row's last run (-1: at none yet in this row).
    let end = -1;
    let col = 0;
    while (col < size) {
      if (!data[row * size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col++;
      // A row's first run is moved to; the next are moved to from the end of the one before (shorter).
      parts.push(end < 0 ? `M${start + QR_MARGIN} ${row + QR_MARGIN + 0.5}h${col - start}` : `m${start - end} 0h${col - start}`);
      end = col;
    }
  }
  return { size: size + 2 * QR_MARGIN, path: parts.join('') };
}
