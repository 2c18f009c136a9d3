/**
 * A queue message as the Functions host reads it: the host's default `messageEncoding` for Storage
 * queues is base64, so a message the app sends as plain text would reach a trigger as garbage (or fail
 * to decode). Bodies are JSON, which the host hands to the handler parsed.
 */

/** Storage queues refuse a message over 64 KB (the encoded text is what counts). */
export const MAX_MESSAGE_BYTES = 64 * 1024;

export function encodeMessage(body: unknown): string {
  const json = JSON.stringify(body);
  if (json === undefined) throw new Error('a queue message body must be JSON-serialisable');
  const text = Buffer.from(json, 'utf8').toString('base64');
  if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) {
    throw new Error(
      `queue message too large: ${Buffer.byteLength(text)} bytes base64-encoded, Storage queues take at most ${MAX_MESSAGE_BYTES}; enqueue an id and keep the data in Cosmos or Blob Storage`,
    );
  }
  return text;
}

/** As the host does: base64 → UTF-8 → JSON when it parses, else the text itself. */
export function decodeMessage(text: string): unknown {
  const decoded = Buffer.from(text, 'base64').toString('utf8');
  try {
    return JSON.parse(decoded);
  } catch {
    return decoded;
  }
}
