import type { HttpResponseInit } from '@azure/functions';
import { describe, expect, it } from 'vitest';
import { HttpResponse } from '@movers/functions/src/platform/azureFunctions.ts';
import { directResponse } from '../src/devHost/devHost.ts';

// The dev host writes the common responses itself; what it sends must be what the Functions library's
// HttpResponse would have sent.
const cases: [string, HttpResponseInit][] = [
  ['json with headers', { status: 200, jsonBody: [{ id: 'NO', name: 'Norway' }], headers: { 'Content-Type': 'application/json; charset=utf-8', ETag: '"1"' } }],
  ['json without a content type', { status: 201, jsonBody: { ok: true } }],
  ['json without a status', { jsonBody: 'text' }],
  ['a string body', { status: 200, body: 'BEGIN:VCALENDAR', headers: { 'Content-Type': 'text/calendar' } }],
  ['a string body without a content type', { status: 200, body: 'plain' }],
  ['bytes', { status: 200, body: new Uint8Array([137, 80, 78, 71]), headers: { 'Content-Type': 'image/png', 'Cache-Control': 'private' } }],
  ['no content', { status: 204 }],
  ['no content with a body', { status: 204, jsonBody: { ignored: true } }],
  ['no body', { status: 404, headers: { 'X-A': 'b' } }],
];

describe('dev host responses', () => {
  it.each(cases)('%s: same status, headers and bytes as HttpResponse', async (_label, init) => {
    const direct = directResponse(init);
    expect(direct).toBeDefined();
    const library = new HttpResponse(init);
    expect(direct!.status).toBe(library.status);
    expect(direct!.headers).toEqual(Object.fromEntries(library.headers));
    const bytes = direct!.payload === undefined ? Buffer.alloc(0) : Buffer.from(direct!.payload);
    expect(bytes.equals(Buffer.from(await library.arrayBuffer()))).toBe(true);
  });

  it('leaves streams and header objects to HttpResponse', () => {
    expect(directResponse({ body: new ReadableStream() })).toBeUndefined();
    expect(directResponse({ jsonBody: {}, headers: new Headers({ a: 'b' }) })).toBeUndefined();
  });
});
