import { type FileTypeRule, nameAndTypeFit } from '@movers/contracts';

/** As much of a file as its first bytes need: enough for an SVG's prolog and comments before `<svg`. */
const HEAD_BYTES = 4096;

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** What the first bytes say, where that is cheap: JPEG and PNG by their signatures, SVG as XML whose root is `<svg>`, text as no NUL bytes. */
function headFits(head: Uint8Array, rule: FileTypeRule): boolean {
  const types = new Set(rule.mimeTypes);
  if (types.has('image/jpeg') && startsWith(head, [0xff, 0xd8, 0xff])) return true;
  if (types.has('image/png') && startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return true;
  if (types.has('image/svg+xml')) {
    const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '');
    const withoutProlog = text
      .replace(/<\?xml[\s\S]*?\?>/, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<!DOCTYPE[^>]*>/i, '')
      .trimStart();
    if (/^<svg[\s>]/i.test(withoutProlog)) return true;
  }
  if (types.has('text/csv')) return !head.includes(0);
  return false;
}

/**
 * Whether a chosen file is of a rule's types, by name, declared type and first bytes, before anything is
 * sent: the user hears at once, not after an upload. The API judges the content again; this only spares a
 * round trip.
 */
export async function fileFits(file: File, rule: FileTypeRule): Promise<boolean> {
  if (!nameAndTypeFit(file, rule)) return false;
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  return headFits(head, rule);
}
