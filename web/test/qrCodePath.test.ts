import jsQR from 'jsqr';
import { create, toString as qrSvg } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QR_MARGIN, qrCodePath } from '../src/common/qrCodePath.ts';
import { makeQrCodes } from '../src/common/qrCodes.ts';
import { qrCodeSvg } from '../src/common/useQrCodes.ts';

// Issue 56: the sticker sheet's QR codes are drawn as an inline SVG path made in a worker (qrCodePath.ts),
// no longer the `qrcode` package's own SVG in an image. The path must draw exactly the package's code
// (error correction H, the link as one byte-mode segment) and read back as the link.

const link = 'https://movers.example.com/acme-head-office-2026/seat/0f8e2c4a-7d1b-4c55-9a3e-b2f6d1e0c9a7-Bj%C3%B8rn%20%C3%86r%C3%B8';

/** Which modules a path of `M x y h n` and `m dx 0 h n` strokes (one module high, at y + 0.5) darkens. */
function modulesOf(path: string, size: number): boolean[] {
  const dark = new Array<boolean>(size * size).fill(false);
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of path.matchAll(/([MmHhVvz])\s*(-?[\d.]+)?(?:[\s,]+(-?[\d.]+))?/g)) {
    if (command === 'M') [x, y] = [Number(a), Number(b)];
    else if (command === 'm') [x, y] = [x + Number(a), y + Number(b ?? 0)];
    else if (command === 'h') {
      for (let i = 0; i < Number(a); i++) dark[Math.floor(y) * size + x + i] = true;
      x += Number(a);
    } else throw new Error(`unexpected path command ${command}`);
  }
  return dark;
}

/** The package's module matrix of the link, as the sticker sheet makes it, with the quiet zone around. */
function libraryModules(text: string) {
  const { modules } = create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'H' });
  const size = modules.size + 2 * QR_MARGIN;
  const dark = new Array<boolean>(size * size).fill(false);
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++) dark[(row + QR_MARGIN) * size + col + QR_MARGIN] = Boolean(modules.get(row, col));
  return { size, dark };
}

/** The modules as a phone's camera would see them: `scale` pixels a module, black on white. */
function picture(dark: boolean[], size: number, scale = 4) {
  const side = size * scale;
  const pixels = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const value = dark[Math.floor(y / scale) * size + Math.floor(x / scale)] ? 0 : 255;
      pixels.set([value, value, value, 255], (y * side + x) * 4);
    }
  return { pixels, side };
}

describe("a seat link's QR code drawn as one path", () => {
  it("draws exactly the qrcode package's modules, with a quiet zone of 2", () => {
    const code = qrCodePath(link);
    const library = libraryModules(link);
    expect(code.size).toBe(library.size);
    expect(modulesOf(code.path, code.size)).toEqual(library.dark);
  });

  it("draws the same code as the package's own SVG of the link (byte mode, error correction H)", async () => {
    const code = qrCodePath(link);
    const svg = await qrSvg([{ data: new TextEncoder().encode(link), mode: 'byte' }], { type: 'svg', errorCorrectionLevel: 'H', margin: QR_MARGIN });
    const [, viewBox] = /viewBox="0 0 (\d+) \d+"/.exec(svg)!;
    const [, packagePath] = /<path stroke="[^"]+" d="([^"]+)"/.exec(svg)!;
    expect(Number(viewBox)).toBe(code.size);
    expect(modulesOf(code.path, code.size)).toEqual(modulesOf(packagePath, code.size));
  });

  it('reads back as the link, as a phone reads it', () => {
    for (const text of [link, 'https://movers.example.com/a/seat/1', `https://movers.example.com/${'x'.repeat(140)}`]) {
      const code = qrCodePath(text);
      const { pixels, side } = picture(modulesOf(code.path, code.size), code.size);
      expect(jsQR(pixels, side, side)?.data).toBe(text);
    }
  });

  it('is the same code as a data: URL for an <img> (the movers’ pass)', () => {
    const code = qrCodePath(link);
    const svg = qrCodeSvg(code);
    expect(svg).toContain(`viewBox="0 0 ${code.size} ${code.size}"`);
    expect(svg).toContain(`d="${code.path}"`);
  });
});

describe("the sticker sheet's codes, made a batch at a time", () => {
  it('are all made, in the order asked, on the main thread where no worker starts', async () => {
    const links = Array.from({ length: 60 }, (_, i) => `https://movers.example.com/a/seat/${i}`);
    const made: string[] = [];
    let batches = 0;
    await new Promise<void>((resolve) => {
      makeQrCodes(links, (codes) => {
        batches++;
        for (const [link, code] of codes) {
          expect(code).toEqual(qrCodePath(link));
          made.push(link);
        }
        if (made.length === links.length) resolve();
      });
    });
    expect(made).toEqual(links);
    expect(batches).toBeGreaterThan(1);
  });
});
