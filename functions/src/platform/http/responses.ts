import type { HttpResponseInit } from '@azure/functions';
import { HttpError } from './errors.ts';

const jsonHeaders = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): HttpResponseInit {
  return { status, jsonBody: body, headers: { ...jsonHeaders, ...headers } };
}

export const ok = (body: unknown, headers?: Record<string, string>) => json(body, 200, headers);
export const created = (body: unknown, headers?: Record<string, string>) => json(body, 201, headers);
export const noContent = (): HttpResponseInit => ({ status: 204 });

/** Returns a document with its concurrency token both in the body and as the ETag header. */
export function withEtag<T extends { etag?: string }>(body: T, status = 200): HttpResponseInit {
  return json(body, status, body.etag ? { ETag: body.etag } : {});
}

export function errorResponse(error: unknown): HttpResponseInit {
  if (error instanceof HttpError) return json(error.toBody(), error.status);
  return json({ error: { code: 'internal', message: 'internal error' } }, 500);
}
