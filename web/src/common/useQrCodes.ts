import { useEffect, useState } from 'react';
import { loadAgain } from './loadAgain.ts';

// Loaded again after a failure, in any browser, when the codes are next asked for.
const loadQrCode = loadAgain(() => import('qrcode'), {
  fits: (module) => typeof (module as { toString?: unknown } | null)?.toString === 'function' && typeof (module as { create?: unknown }).create === 'function',
});

const OPTIONS = { type: 'svg', errorCorrectionLevel: 'H', margin: 2, color: { dark: '#000000', light: '#ffffff' } } as const;

/**
 * The QR code of a link as SVG text. The link is one byte-mode segment: the library's search for the
 * shortest mix of modes (a graph search over every character) cost more than the code itself (issue 56:
 * 2,000 seat links took seconds), for a code a few modules larger at most.
 */
export async function qrCodeSvg(link: string): Promise<string> {
  const { toString: qrSvg } = await loadQrCode();
  return qrSvg([{ data: new TextEncoder().encode(link), mode: 'byte' }], OPTIONS);
}

/**
 * QR codes of links (the seat links of the sticker sheet, a movers' pass), one per link, as SVG made in the browser by the `qrcode` package
 * (loaded when first needed, not with the admin app). Error correction H (30 % may be lost) survives tape
 * over a corner and a crease. The SVG is the library's, made from the link alone; it is shown as a
 * data: URL in an <img>, so nothing in it runs or reaches the page's DOM.
 */
export function useQrCodes(links: string[]): Map<string, string> {
  const [codes, setCodes] = useState<Map<string, string>>(new Map());
  const key = links.join('\n');
  useEffect(() => {
    let live = true;
    void (async () => {
      const unique = [...new Set(key ? key.split('\n') : [])];
      const made = await Promise.all(
        unique.map(async (link) => [link, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await qrCodeSvg(link))}`] as const),
      );
      if (live) setCodes(new Map(made));
    })();
    return () => {
      live = false;
    };
  }, [key]);
  return codes;
}
