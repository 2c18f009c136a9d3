import type { HttpRequest } from '@azure/functions';
import { validate } from '@movers/contracts';
import type { AnySchema } from 'yup';
import { readNumberSetting } from '../config/config.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from './errors.ts';

const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
const BOM_MESSAGE = 'request body must not start with a byte-order mark';

/**
 * Reads a JSON body within the size limit (the setting's, or a route's own larger one for rich text);
 * malformed JSON is a 400, never a 500.
 */
export async function readJson(request: HttpRequest, routeLimit?: number): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) throw unsupportedMediaType();
  const limit = Math.max(readNumberSetting('MAX_BODY_BYTES', DEFAULT_MAX_BODY_BYTES), routeLimit ?? 0);
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw payloadTooLarge();
  // The bytes, not text(): decoding as UTF-8 drops a leading byte-order mark, so '\uFEFF{}' would pass as
  // '{}' on a route whose fields are all optional, while JSON (RFC 8259) has no BOM. Refused on every route.
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > limit) throw payloadTooLarge();
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) throw badRequest(BOM_MESSAGE);
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') throw badRequest('request body is required');
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('request body is not valid JSON');
  }
}

/** Reads and validates a JSON object body with a contracts schema: 400 with field errors when invalid. */
export async function readValid<T>(request: HttpRequest, schema: AnySchema<T>, limit?: number): Promise<T> {
  const body = await readJson(request, limit);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('request body must be a JSON object');
  const result = await validate(schema, body);
  if (!result.ok) throw badRequest('validation failed', result.fields);
  return result.value;
}

/**
 * Validates an already-read body against a stricter schema, for rules that depend on today or on the
 * stored document (the contract's schema has checked its shape): 400 with field errors when invalid.
 */
export async function revalidate<T>(schema: AnySchema<T>, value: unknown): Promise<T> {
  const result = await validate(schema, value);
  if (!result.ok) throw badRequest('validation failed', result.fields);
  return result.value;
}
