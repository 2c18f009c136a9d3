import { type FileTypeRule, nameAndTypeFit } from '@movers/contracts';

/** As much of a file as its first bytes need: enough for an SVG's prolog and comments before `<svg`. */
const HEAD_BYTES = 4096;

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));

/**
 * What the first bytes say, where that is cheap: JPEG, PNG, GIF and WebP by their signatures, SVG as XML
 * whose root is `<svg>`, MP4 and MOV by their `ftyp` box (a MOV may open with another atom), Ogg and
 * WebM (Matroska's EBML header) by theirs, text as no NUL bytes.
 */
function headFits(head: Uint8Array, rule: FileTypeRule): boolean {
  const types = new Set(rule.mimeTypes);
  if (types.has('image/jpeg') && startsWith(head, [0xff, 0xd8, 0xff])) return true;
  if (types.has('image/png') && startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return true;
  if (types.has('image/gif') && ascii(head, 0, 4) === 'GIF8') return true;
  if (types.has('image/webp') && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return true;
  const box = ascii(head, 4, 8);
  if ((types.has('video/mp4') || types.has('video/quicktime')) && box === 'ftyp') return true;
  if (types.has('video/quicktime') && ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(box)) return true;
  if (types.has('video/ogg') && ascii(head, 0, 4) === 'OggS') return true;
  if (types.has('video/webm') && startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return true;
  if (types.has('image/svg+xml')) {
    const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '');
    const withoutProlog = text
      .replace(/<\?xml[\s\S]*?\?>/, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<!DOCTYPE[^>]*>/i, '')
      .trimStart();
    if (/^<svg[\s>]/i.test(withoutProlog)) return true;
  }
  // At the very start, as the API's content check wants it.
  if (types.has('application/pdf') && ascii(head, 0, 5) === '%PDF-') return true;
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

/**
 * What is wrong with a chosen file, said of this file (issue 55: a text file named `.pdf`, or an empty one,
 * was told only which types can be used): `type` when its name or declared type is of none of the rule's
 * types (the rule's own message says which are), `empty` when it has no bytes, `content` when its name says
 * one of the types and its first bytes another; null when it fits.
 */
export async function fileProblem(file: File, rule: FileTypeRule): Promise<'type' | 'empty' | 'content' | null> {
  if (!nameAndTypeFit(file, rule)) return 'type';
  if (file.size === 0) return 'empty';
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  return headFits(head, rule) ? null : 'content';
}
