import type { HttpResponseInit } from '@azure/functions';
import type { Readable } from 'node:stream';
import { HttpError } from './errors.ts';
import { refusedByStorage } from '../azure/credential.ts';

declare const answers: unique symbol;

/**
 * A handler's answer, typed by what it answers. Only the helpers below make one, so a handler whose
 * body does not fit its route's contract does not compile.
 */
export type Result<T> = HttpResponseInit & { readonly [answers]: T };

const jsonHeaders = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

export function json<T>(body: T, status = 200, headers: Record<string, string> = {}): Result<T> {
  return { status, jsonBody: body, headers: { ...jsonHeaders, ...headers } } as unknown as Result<T>;
}

export const ok = <T>(body: T, headers?: Record<string, string>) => json(body, 200, headers);
export const created = <T>(body: T, headers?: Record<string, string>) => json(body, 201, headers);
export const noContent = (): Result<void> => ({ status: 204 }) as unknown as Result<void>;

/** Bytes to download or show (an image, a calendar): the web reads them as a Blob. */
export const file = (body: Uint8Array | string, headers: Record<string, string>): Result<Blob> => ({ status: 200, body, headers }) as unknown as Result<Blob>;

/** A download sent as it is read (from Blob Storage), never whole in memory. */
export const fileStream = (body: Readable, headers: Record<string, string>): Result<Blob> => ({ status: 200, body, headers }) as unknown as Result<Blob>;

/** Returns a document with its concurrency token both in the body and as the ETag header. */
export function withEtag<T extends { etag?: string }>(body: T, status = 200): Result<T> {
  return json(body, status, body.etag ? { ETag: body.etag } : {});
}

export function errorResponse(error: unknown): HttpResponseInit {
  if (error instanceof HttpError) return json(error.toBody(), error.status, error.headers);
  // Storage refusing the app's identity a role is the deployment's to fix: 503 naming it, logged once.
  const refused = refusedByStorage(error);
  if (refused) return json(refused.toBody(), refused.status);
  return json({ error: { code: 'internal', message: 'internal error' } }, 500);
}

/** A file route with nothing to send (a user without a photo): 204, which browsers do not log as an error. */
export const noFile = (): Result<Blob> => ({ status: 204 }) as unknown as Result<Blob>;
/** The caller's copy of a file is current (If-None-Match): no body, the same headers. */
export const notModified = (headers: Record<string, string>): Result<Blob> => ({ status: 304, headers }) as unknown as Result<Blob>;
