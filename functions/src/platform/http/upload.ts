import type { HttpRequest } from '@azure/functions';
import {
  contentProblem,
  type FileProblem,
  fileTypeMessage,
  fileTypeRule,
  type IncomingFile,
  type StreamedUpload,
  type UploadedFile,
  type UploadSpec,
} from '@movers/contracts';
import type busboy from 'busboy';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { badRequest, fileRefused, payloadTooLarge, unsupportedMediaType } from './errors.ts';

/** Room for the multipart framing around the file. */
const FRAMING_BYTES = 16 * 1024;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The refusal in the words the browser's own check uses for the same rule (contracts' `fileTypeMessage`). */
const refusedType = (types: readonly string[] | undefined) => unsupportedMediaType(fileTypeMessage(fileTypeRule(types ?? [])));

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
  // Loaded by the first upload, not when the app starts (as busboy below).
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(bytes))?.mime;
}

const latin1 = new TextDecoder('latin1');

/**
 * What is wrong with a PDF's bytes that a reader would meet at once (issue 55): locked by a password (its
 * trailer names an /Encrypt dictionary, which no reader opens without the password), or cut off (no
 * `%%EOF` marker, which every complete PDF ends with). Null: nothing seen. Readers repair much else; this
 * refuses only what none can show.
 */
export function pdfProblem(bytes: Uint8Array): Extract<FileProblem, 'protected' | 'damagedPdf'> | null {
  const text = latin1.decode(bytes);
  if (!text.includes('%%EOF')) return 'damagedPdf';
  return /\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/.test(text) ? 'protected' : null;
}

/**
 * A file of an upload judged by its bytes: empty, of a type the part does not take, or (`saysProblems`) a PDF
 * no reader opens; refused in the rule's words, or (`saysProblems`) said of this file (issue 55).
 */
async function judged(part: { field: string; types?: readonly string[]; saysProblems?: boolean }, name: string, bytes: Uint8Array): Promise<string> {
  const { field, types, saysProblems } = part;
  const rule = fileTypeRule(types ?? []);
  if (bytes.length === 0) throw saysProblems ? fileRefused(field, name, 'empty', rule) : badRequest('the file is empty', { [field]: 'the file is empty' });
  const sniffed = await sniffType(bytes);
  if (!sniffed || (types && !types.includes(sniffed))) throw saysProblems ? fileRefused(field, name, contentProblem(name, sniffed), rule) : refusedType(types);
  const pdf = saysProblems && sniffed === 'application/pdf' ? pdfProblem(bytes) : null;
  if (pdf) throw fileRefused(field, name, pdf, rule);
  return sniffed;
}

/**
 * Reads the one file of an upload route: multipart/form-data only (415 otherwise), within the size
 * limit (413 with the limit in the message, checked on the declared length before anything is read),
 * its type judged by content (415 when it is not one the route accepts, 400 when it is empty; said of this
 * file, with `file` in the answer, on a route whose upload `saysProblems`).
 */
export async function readUpload(request: HttpRequest, spec: UploadSpec): Promise<UploadedFile> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw unsupportedMediaType('expected multipart/form-data with the file');
  const tooLarge = payloadTooLarge(`the file is larger than ${megabytes(spec.maxBytes)}`);
  const largest = spec.maxBytes + (spec.attachment?.maxBytes ?? 0) + FRAMING_BYTES;
  if (Number(request.headers.get('content-length') ?? '0') > largest) throw tooLarge;
  // Read to the end first (the size is bounded above), then parsed: a parser that stops at the closing
  // boundary would leave the rest of the request unread.
  const raw = await request.arrayBuffer();
  if (raw.byteLength > largest) throw tooLarge;
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
  const name = (file as File).name || spec.field;
  const sniffed = await judged(spec, name, bytes);
  if (spec.refused?.types.includes(sniffed)) throw unsupportedMediaType(spec.refused.message);
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string' && key !== spec.field && key !== spec.attachment?.field) fields[key] = value;
  const attachment = spec.attachment ? await readAttachment(form, { ...spec.attachment, saysProblems: spec.saysProblems }) : undefined;
  return { bytes, type: sniffed, name, fields, ...(attachment ? { attachment } : {}) };
}

/** The optional second file of an upload, held to its own limit and types, by its bytes. */
async function readAttachment(form: FormData, spec: NonNullable<UploadSpec['attachment']> & { saysProblems?: boolean }): Promise<UploadedFile['attachment']> {
  const file = form.get(spec.field);
  if (file === null) return undefined;
  if (typeof file === 'string') throw badRequest(`the part '${spec.field}' must be a file`, { [spec.field]: 'must be a file' });
  if (file.size > spec.maxBytes) throw payloadTooLarge(`the file in '${spec.field}' is larger than ${megabytes(spec.maxBytes)}`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const name = (file as File).name || spec.field;
  return { bytes, type: await judged(spec, name, bytes), name };
}

/** How much of a streamed file is looked at to judge its type (office formats name their parts early in the zip). */
const HEAD_BYTES = 64 * 1024;

/** Text (UTF-8 without NUL bytes) is `text/plain`; the head may end inside a character, which is allowed. */
function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 3)));
    return true;
  } catch {
    return false;
  }
}

/** The type a file's first bytes show: a known signature, else text, else `application/octet-stream`. */
export async function sniffStoredType(head: Uint8Array): Promise<string> {
  return (await sniffType(head)) ?? (looksLikeText(head) ? 'text/plain' : 'application/octet-stream');
}

/**
 * A streaming upload route's body: nothing is read until the handler calls `receive` (after its own
 * checks), and then the file part goes to the handler's consumer as it arrives, never whole in memory.
 */
export function streamedUpload(request: HttpRequest, spec: UploadSpec): StreamedUpload {
  let received = false;
  return {
    receive<T>(consume: (file: IncomingFile) => Promise<T>): Promise<T> {
      if (received) throw new Error('an upload is received once');
      received = true;
      return receiveStream(request, spec, consume);
    },
  };
}

const cutOff = () => badRequest('the upload ended before the file was complete');

/**
 * Parses multipart/form-data as it arrives (busboy): the one file of `spec.field` goes to `consume` with
 * the type its first bytes show; other parts are skipped. Settles once both the consumer and the
 * parsing of the whole request are done; rejects (after the consumer has settled, so that the caller
 * can clean up what it stored) on a malformed or cut-off request, a file over the limit (the stream the
 * consumer reads fails at the limit), a type the route does not take, or no file.
 */
async function receiveStream<T>(request: HttpRequest, spec: UploadSpec, consume: (file: IncomingFile) => Promise<T>): Promise<T> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) throw unsupportedMediaType('expected multipart/form-data with the file');
  const tooLarge = () => payloadTooLarge(`the file is larger than ${megabytes(spec.maxBytes)}`);
  if (Number(request.headers.get('content-length') ?? '0') > spec.maxBytes + FRAMING_BYTES) throw tooLarge();
  if (!request.body) throw badRequest(`the upload needs a file in the field '${spec.field}'`, { [spec.field]: 'field is required' });
  const { default: busboy } = await import('busboy');
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send a file name's UTF-8 bytes as they are (busboy would read them as Latin-1).
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: spec.maxBytes, fields: 20, fieldSize: 64 * 1024, parts: 40, headerPairs: 40 },
    });
  } catch {
    throw badRequest('the upload is not valid multipart/form-data');
  }
  const source = Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>);

  return new Promise<T>((resolve, reject) => {
    let failure: unknown;
    let consumed: Promise<T> | undefined;
    let result: { value: T } | undefined;
    let parsed = false;
    let out: Transform | undefined;

    const fail = (error: unknown) => {
      if (failure !== undefined) return;
      failure = error;
      out?.destroy(error instanceof Error ? error : new Error(String(error)));
      // What is still coming is read and dropped, so that the answer reaches a client still sending.
      source.unpipe(parser);
      source.on('error', () => undefined).resume();
      const settled = consumed
        ? consumed.then(
            () => undefined,
            () => undefined,
          )
        : Promise.resolve();
      void settled.then(() => reject(error));
    };
    const finish = () => {
      if (failure !== undefined || !parsed) return;
      if (!consumed) return fail(badRequest(`the upload needs a file in the field '${spec.field}'`, { [spec.field]: 'field is required' }));
      if (result) resolve(result.value);
    };

    parser.on('file', (field, file, info) => {
      if (field !== spec.field || consumed || failure !== undefined) {
        // Skipped; a cut-off inside it fails the parse (handled there), not the process.
        file.on('error', () => undefined);
        file.resume();
        return;
      }
      file.on('limit', () => fail(tooLarge()));
      file.on('error', () => fail(cutOff()));
      const head: Buffer[] = [];
      let headSize = 0;
      let started = false;
      const start = (ended: boolean) => {
        if (started) return;
        started = true;
        file.off('data', onData);
        file.off('end', onEnd);
        file.pause();
        const bytes = Buffer.concat(head);
        let size = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            done(null, chunk);
          },
        });
        // Its failure reaches the consumer through its reads; one before the consumer exists (an empty
        // file, a refused type, the limit) must not be an unhandled stream error.
        counter.on('error', () => undefined);
        out = counter;
        const accepted = (type: string) => !spec.types || spec.types.includes(type);
        consumed = sniffStoredType(bytes).then((type) => {
          if (failure !== undefined) throw failure;
          if (bytes.length === 0) throw badRequest('the file is empty', { [spec.field]: 'the file is empty' });
          if (!accepted(type)) throw refusedType(spec.types);
          if (spec.refused?.types.includes(type)) throw unsupportedMediaType(spec.refused.message);
          counter.write(bytes);
          if (ended) counter.end();
          else file.pipe(counter);
          return consume({ name: info.filename || spec.field, type, stream: counter, size: () => size });
        });
        consumed.then(
          (value) => {
            result = { value };
            finish();
          },
          (error) => fail(error),
        );
      };
      const onData = (chunk: Buffer) => {
        head.push(chunk);
        headSize += chunk.length;
        if (headSize >= HEAD_BYTES) start(false);
      };
      const onEnd = () => start(true);
      file.on('data', onData);
      file.once('end', onEnd);
    });
    parser.on('close', () => {
      parsed = true;
      finish();
    });
    parser.on('error', () => fail(failure ?? badRequest('the upload is not valid multipart/form-data')));
    source.on('error', () => fail(cutOff()));
    source.pipe(parser);
  });
}
