import type { HttpRequest } from '@azure/functions';
import type { UploadedFile, UploadSpec } from '@movers/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, payloadTooLarge, unsupportedMediaType } from './errors.ts';

/** Room for the multipart framing around the file. */
const FRAMING_BYTES = 16 * 1024;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

const typeNames: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/svg+xml': 'SVG' };
const acceptedNames = (types: readonly string[]) => types.map((t) => typeNames[t] ?? t).join(', ');

/** SVG is text, which file-type does not judge: an XML document whose root element is `<svg>`. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const withoutProlog = head
    .replace(/<\?xml[\s\S]*?\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>]*>/i, '')
    .trimStart();
  return /^<svg[\s>]/i.test(withoutProlog);
}

/** The type the bytes show, whatever the name or the declared type say. */
export async function sniffType(bytes: Uint8Array): Promise<string | undefined> {
  // file-type calls an SVG with an XML prolog 'application/xml', and judges no text otherwise.
  if (looksLikeSvg(bytes)) return 'image/svg+xml';
  return (await fileTypeFromBuffer(bytes))?.mime;
}

/**
 * Reads the one file of an upload route: multipart/form-data only (415 otherwise), within the size
 * limit (413 with the limit in the message, checked on the declared length before anything is read),
 * its type judged by content (415 when it is not one the route accepts).
 */
export async function readUpload(request: HttpRequest, spec: UploadSpec): Promise<UploadedFile> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw unsupportedMediaType('expected multipart/form-data with the file');
  const tooLarge = payloadTooLarge(`the file is larger than ${megabytes(spec.maxBytes)}`);
  if (Number(request.headers.get('content-length') ?? '0') > spec.maxBytes + FRAMING_BYTES) throw tooLarge;
  // Read to the end first (the size is bounded above), then parsed: a parser that stops at the closing
  // boundary would leave the rest of the request unread.
  const raw = await request.arrayBuffer();
  if (raw.byteLength > spec.maxBytes + FRAMING_BYTES) throw tooLarge;
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'content-type': type } }).formData();
  } catch {
    throw badRequest('the upload is not valid multipart/form-data');
  }
  const file = form.get(spec.field);
  if (!file || typeof file === 'string') throw badRequest(`the upload needs a file in the field '${spec.field}'`, { [spec.field]: 'field is required' });
  if (file.size > spec.maxBytes) throw tooLarge;
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length === 0) throw badRequest('the file is empty', { [spec.field]: 'the file is empty' });
  const sniffed = await sniffType(bytes);
  if (!sniffed || !spec.types.includes(sniffed)) throw unsupportedMediaType(`only ${acceptedNames(spec.types)} files are accepted`);
  return { bytes, type: sniffed, name: (file as File).name || spec.field };
}
