import { useEffect, useState } from 'react';
import { loadAgain } from './loadAgain.ts';
import type { QrCodePath } from './qrCodePath.ts';

/** The QR code maker (qrCodePath.ts and the `qrcode` package), loaded when first needed, not with the app; loaded again after a failure, in any browser. */
export const loadQrCodePath = loadAgain(() => import('./qrCodePath.ts'), {
  fits: (module) => typeof (module as { qrCodePath?: unknown } | null)?.qrCodePath === 'function',
});

/** A code as SVG text: white ground, its modules in black. */
export const qrCodeSvg = ({ size, path }: QrCodePath) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><path fill="#ffffff" d="M0 0h${size}v${size}H0z"/><path stroke="#000000" d="${path}"/></svg>`;

/**
 * QR codes of links (a movers' pass), one per link, made in the browser (qrCodePath.ts: error correction
 * H, 30 % may be lost, survives tape over a corner and a crease). The SVG is made from the link alone; it
 * is shown as a data: URL in an <img>, so nothing in it runs or reaches the page's DOM. (The sticker
 * sheet's thousands are made in a worker and drawn inline: qrCodes.ts.)
 */
export function useQrCodes(links: string[]): Map<string, string> {
  const [codes, setCodes] = useState<Map<string, string>>(new Map());
  const key = links.join('\n');
  useEffect(() => {
    let live = true;
    void (async () => {
      const unique = [...new Set(key ? key.split('\n') : [])];
      const { qrCodePath } = await loadQrCodePath();
      const made = unique.map((link) => [link, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCodeSvg(qrCodePath(link)))}`] as const);
      if (live) setCodes(new Map(made));
    })();
    return () => {
      live = false;
    };
  }, [key]);
  return codes;
}
