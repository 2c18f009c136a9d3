/**
 * The bytes of a PNG's signature and header for a given size: all that a check by content (file-type)
 * and by dimensions (image-size) reads. Not a picture a browser can draw.
 */
export function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'ascii');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.set([8, 6, 0, 0, 0], 24);
  return new Uint8Array(Buffer.concat([header, Buffer.from('0000000049454e44ae426082', 'hex')]));
}
