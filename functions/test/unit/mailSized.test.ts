import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { MAIL_IMAGE_BOX, MAIL_IMAGE_MAX_BYTES, mailSizedImage, scaleDown } from '../../src/platform/image/mailSized.ts';

/** Pixels that do not compress (a fixed pseudo-random pattern), opaque. */
function noise(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  let seed = 12345;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = i % 4 === 3 ? 255 : seed >>> 24;
  }
  return data;
}

describe('mail-sized images (Graph takes at most 4 MB a sendMail)', () => {
  it('leaves an image that is small enough as it is', async () => {
    const small = PNG.sync.write(Object.assign(new PNG({ width: 4, height: 4 }), { data: Buffer.from(noise(4, 4)) }));
    const sized = await mailSizedImage(small, 'image/png');
    expect(sized.bytes).toBe(small);
  });

  it('scales a 5 MB PNG down into the box, at most 200 KB, still a PNG', async () => {
    const big = PNG.sync.write(Object.assign(new PNG({ width: 1100, height: 1100 }), { data: Buffer.from(noise(1100, 1100)) }), { deflateLevel: 0 });
    expect(big.length).toBeGreaterThan(4.5 * 1024 * 1024);
    const sized = await mailSizedImage(big, 'image/png');
    expect(sized.contentType).toBe('image/png');
    expect(sized.bytes.byteLength).toBeLessThanOrEqual(MAIL_IMAGE_MAX_BYTES);
    const read = PNG.sync.read(Buffer.from(sized.bytes));
    expect(read.width).toBeLessThanOrEqual(MAIL_IMAGE_BOX.width);
    expect(read.height).toBeLessThanOrEqual(MAIL_IMAGE_BOX.height);
    expect(read.width).toBe(read.height);
  });

  it('scales a large JPEG down, at most 200 KB, still a JPEG', async () => {
    const big = jpeg.encode({ width: 1600, height: 1000, data: noise(1600, 1000) }, 95).data;
    expect(big.length).toBeGreaterThan(MAIL_IMAGE_MAX_BYTES);
    const sized = await mailSizedImage(big, 'image/jpeg');
    expect(sized.contentType).toBe('image/jpeg');
    expect(sized.bytes.byteLength).toBeLessThanOrEqual(MAIL_IMAGE_MAX_BYTES);
    const read = jpeg.decode(Buffer.from(sized.bytes));
    expect(read.width / read.height).toBeCloseTo(1.6, 1);
    expect(read.height).toBeLessThanOrEqual(MAIL_IMAGE_BOX.height);
  });

  it('refuses bytes that are not the image they claim to be', async () => {
    await expect(mailSizedImage(new Uint8Array(MAIL_IMAGE_MAX_BYTES + 1), 'image/png')).rejects.toThrow();
  });

  it('does not unpack a PNG whose header claims more pixels than it takes (a few MB can unpack to gigabytes)', async () => {
    const header = PNG.sync.write(Object.assign(new PNG({ width: 4, height: 4 }), { data: Buffer.from(noise(4, 4)) }));
    const bomb = Buffer.concat([header, Buffer.alloc(MAIL_IMAGE_MAX_BYTES)]);
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    await expect(mailSizedImage(bomb, 'image/png')).rejects.toThrow('too many pixels');
  });

  it('averages pixels, weighting colour by transparency', () => {
    // Two pixels side by side: opaque red and fully transparent green; halved, the red stays red, half opaque.
    const source = { width: 2, height: 1, data: new Uint8Array([255, 0, 0, 255, 0, 255, 0, 0]) };
    expect([...scaleDown(source, 1, 1).data]).toEqual([255, 0, 0, 128]);
  });
});
