import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressed } from '../../src/platform/http/compression.ts';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: `m${i}`, title: `Space ${i}`, positionX: i / 3 })) };

describe('compressed answers', () => {
  it('takes brotli, else gzip, as Accept-Encoding allows, and none it refuses', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding(null)).toBeUndefined();
  });

  it('compresses JSON over 1 KB to the same JSON, saying so and varying on it', () => {
    const br = compressed({ status: 200, jsonBody: big, headers: { ETag: '"1"', Vary: 'Origin' } }, 'br');
    expect(br.headers).toMatchObject({ 'Content-Encoding': 'br', 'Content-Type': 'application/json', Vary: 'Origin, Accept-Encoding', ETag: '"1"' });
    expect(JSON.parse(brotliDecompressSync(br.body as Uint8Array).toString())).toEqual(big);
    expect((br.body as Uint8Array).length).toBeLessThan(JSON.stringify(big).length / 3);
    const gz = compressed({ status: 200, jsonBody: big }, 'gzip');
    expect(JSON.parse(gunzipSync(gz.body as Uint8Array).toString())).toEqual(big);
  });

  it('compresses an answer given again once, and a changed one anew', () => {
    const first = compressed({ status: 200, jsonBody: big }, 'br').body as Uint8Array;
    const again = compressed({ status: 200, jsonBody: structuredClone(big) }, 'br').body as Uint8Array;
    expect(again.buffer).toBe(first.buffer);
    const changed = { items: big.items.map((item, i) => (i === 100 ? { ...item, title: 'Space X' } : item)) };
    expect(JSON.parse(brotliDecompressSync(compressed({ status: 200, jsonBody: changed }, 'br').body as Uint8Array).toString())).toEqual(changed);
    expect(JSON.parse(gunzipSync(compressed({ status: 200, jsonBody: changed }, 'gzip').body as Uint8Array).toString())).toEqual(changed);
  });

  it('writes a frozen answer (a list kept and handed to every caller) as it is', () => {
    const kept = Object.freeze(big.items.map((item) => Object.freeze({ ...item })));
    for (let i = 0; i < 2; i++)
      expect(JSON.parse(gunzipSync(compressed({ status: 200, jsonBody: kept }, 'gzip').body as Uint8Array).toString())).toEqual(big.items);
  });

  it('leaves small answers, files and clients that take no encoding as they are', () => {
    expect(compressed({ status: 200, jsonBody: { a: 1 } }, 'br')).toMatchObject({ jsonBody: { a: 1 }, headers: { Vary: 'Accept-Encoding' } });
    const file = new Uint8Array(5000);
    expect(compressed({ status: 200, body: file, headers: { 'Content-Type': 'image/png' } }, 'br').body).toBe(file);
    expect(compressed({ status: 200, jsonBody: big }, null)).toMatchObject({ jsonBody: big });
  });
});
