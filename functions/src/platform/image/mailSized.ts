/**
 * A mail-sized copy of an image: Graph's sendMail takes at most 4 MB a request (and 3 MB an inline
 * attachment), while an uploaded image may be 5 MB. PNG and JPEG are decoded, scaled down (area
 * average) to fit MAIL_IMAGE_BOX and encoded again in their own format (PNG keeps transparency), halving
 * the size until the copy is at most MAIL_IMAGE_MAX_BYTES. Pure JavaScript (pngjs, jpeg-js): the Functions
 * package is an esbuild bundle without node_modules, where an image library with native binaries (sharp)
 * would not load. Loaded on first use, so no cold start pays for it.
 */
export const MAIL_IMAGE_MAX_BYTES = 200 * 1024;
/** A logo is shown 60 px high in a letter: this box leaves room for high-density screens. */
export const MAIL_IMAGE_BOX = { width: 480, height: 240 };
/** Images with more pixels than this are not decoded (100 MB of RGBA; a 5 MB file can claim a huge size): no logo in the mail. */
const MAX_PIXELS = 25_000_000;

export type MailImageType = 'image/png' | 'image/jpeg';
export interface RasterImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
}

// CommonJS: bundled, a module's exports may arrive on `default` (as with qrcode and the Graph SDK).
const cjs = <T extends object>(loaded: T, name: string): T => (name in loaded ? loaded : ((loaded as unknown as { default: T }).default ?? loaded));

async function decode(bytes: Uint8Array, type: MailImageType): Promise<RasterImage> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'image/png') {
    // The size is read from the header first: a few MB of PNG can unpack to gigabytes of pixels.
    if (buffer.length < 24 || buffer.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
    const pixels = buffer.readUInt32BE(16) * buffer.readUInt32BE(20);
    if (pixels > MAX_PIXELS) throw new Error(`the image has too many pixels (${pixels})`);
    const { PNG } = cjs(await import('pngjs'), 'PNG');
    const png = PNG.sync.read(buffer);
    return { width: png.width, height: png.height, data: png.data };
  }
  const jpeg = cjs(await import('jpeg-js'), 'decode');
  const image = jpeg.decode(buffer, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: 512 });
  return { width: image.width, height: image.height, data: image.data };
}

async function encode(image: RasterImage, type: MailImageType): Promise<Uint8Array> {
  if (type === 'image/png') {
    const { PNG } = cjs(await import('pngjs'), 'PNG');
    return PNG.sync.write({ width: image.width, height: image.height, data: Buffer.from(image.data) } as never, { deflateLevel: 9 });
  }
  const jpeg = cjs(await import('jpeg-js'), 'encode');
  return jpeg.encode({ width: image.width, height: image.height, data: image.data }, 85).data;
}

/** Scales down to width × height by averaging the source pixels under each target pixel (colour weighted by alpha). */
export function scaleDown(source: RasterImage, width: number, height: number): RasterImage {
  const out = new Uint8Array(width * height * 4);
  const xScale = source.width / width;
  const yScale = source.height / height;
  for (let ty = 0; ty < height; ty++) {
    const y0 = Math.floor(ty * yScale);
    const y1 = Math.max(y0 + 1, Math.floor((ty + 1) * yScale));
    for (let tx = 0; tx < width; tx++) {
      const x0 = Math.floor(tx * xScale);
      const x1 = Math.max(x0 + 1, Math.floor((tx + 1) * xScale));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let n = 0;
      for (let y = y0; y < y1; y++) {
        let i = (y * source.width + x0) * 4;
        for (let x = x0; x < x1; x++, i += 4) {
          const alpha = source.data[i + 3];
          r += source.data[i] * alpha;
          g += source.data[i + 1] * alpha;
          b += source.data[i + 2] * alpha;
          a += alpha;
          n += 1;
        }
      }
      const o = (ty * width + tx) * 4;
      if (a > 0) {
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
      }
      out[o + 3] = Math.round(a / n);
    }
  }
  return { width, height, data: out };
}

/**
 * The image as it goes into a mail: unchanged when it is already small enough, else scaled down and
 * encoded again. Throws when the bytes are not a readable PNG or JPEG.
 */
export async function mailSizedImage(bytes: Uint8Array, type: MailImageType): Promise<{ bytes: Uint8Array; contentType: MailImageType }> {
  if (bytes.byteLength <= MAIL_IMAGE_MAX_BYTES) return { bytes, contentType: type };
  const source = await decode(bytes, type);
  if (source.width * source.height > MAX_PIXELS) throw new Error(`the image has too many pixels (${source.width} × ${source.height})`);
  let scale = Math.min(1, MAIL_IMAGE_BOX.width / source.width, MAIL_IMAGE_BOX.height / source.height);
  for (;;) {
    const width = Math.max(1, Math.round(source.width * scale));
    const height = Math.max(1, Math.round(source.height * scale));
    const encoded = await encode(width === source.width && height === source.height ? source : scaleDown(source, width, height), type);
    if (encoded.byteLength <= MAIL_IMAGE_MAX_BYTES || (width <= 16 && height <= 16)) return { bytes: encoded, contentType: type };
    scale /= 2;
  }
}

/** The long side of a re-encoded photo: enough for a phone's screen, small enough to show on the board. */
export const PHOTO_MAX_SIDE = 2048;

/**
 * A photo decoded and encoded again in its own format, at most PHOTO_MAX_SIDE on its long side: what
 * comes out holds the pixels only, no metadata (EXIF with GPS, comments, text chunks). Throws when the
 * bytes are not a readable PNG or JPEG, or claim too many pixels.
 */
export async function reencodedImage(bytes: Uint8Array, type: MailImageType): Promise<Uint8Array> {
  const source = await decode(bytes, type);
  if (source.width * source.height > MAX_PIXELS) throw new Error(`the image has too many pixels (${source.width} × ${source.height})`);
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(source.width, source.height));
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  return encode(width === source.width && height === source.height ? source : scaleDown(source, width, height), type);
}
