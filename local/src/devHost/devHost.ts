import type { HttpResponseInit } from '@azure/functions';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { HttpFunction } from '@movers/functions/src/app.ts';
import type { FunctionsApp } from '../functionsApp.ts';
import { DevHttpRequest } from './devRequest.ts';
import { compile, findRoute } from './routeMatcher.ts';

export interface DevHost {
  origin: string;
  stop(): Promise<void>;
}

/**
 * The host refuses bodies beyond this (as the Functions host's FUNCTIONS_REQUEST_BODY_SIZE_LIMIT does);
 * handlers apply their own, smaller limits. A route taking larger uploads raises it for itself.
 */
const HOST_BODY_LIMIT = 100 * 1024 * 1024;
const bodyLimitOf = (fn: HttpFunction) => Math.max(HOST_BODY_LIMIT, (fn.maxBodyBytes ?? 0) + 1024 * 1024);

/**
 * The request's body as it arrives, read only when the handler reads it (after the pipeline has checked
 * the token, the role and the declared length); beyond the host's limit the read fails with 413.
 */
async function* bodyOnDemand(req: IncomingMessage, limit: number, tooLarge: () => Error): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    yield chunk;
  }
}

/**
 * An answer to a request whose body was not read (refused before the handler read it) closes the
 * connection when that body is large or of unknown length: otherwise Node reads and discards all of it
 * to keep the connection alive. A small declared body is discarded instead, so that a client still
 * sending it is not cut off (it would see a broken pipe rather than the answer).
 */
const DRAIN_LIMIT = 1024 * 1024;
const closeIfUnread = (req: IncomingMessage): Record<string, string> => {
  if (req.complete) return {};
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  return Number.isFinite(declared) && declared <= DRAIN_LIMIT ? {} : { Connection: 'close' };
};

const nullBodyStatuses = new Set([204, 205, 304]);

/**
 * The response of a handler as the Functions host sends it, for the kinds of body the routes return
 * (`jsonBody`, a string, bytes or none) with headers given as an object: written as they are instead of
 * through a fetch `Response` and back (which cost more than a cheap route itself). The same rules as
 * the library's HttpResponse: JSON is `application/json` unless the handler says otherwise, a string
 * `text/plain;charset=UTF-8`, and 204/205/304 carry no body. Anything else returns undefined.
 */
export function directResponse(
  init: HttpResponseInit,
): { status: number; headers: Record<string, string>; payload: string | Uint8Array | undefined } | undefined {
  const status = init.status ?? 200;
  const given = init.headers ?? {};
  if (given instanceof Headers || Array.isArray(given)) return undefined;
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(given)) headers[key.toLowerCase()] = String(value);
  if (nullBodyStatuses.has(status)) return { status, headers, payload: undefined };
  if (init.jsonBody !== undefined && init.jsonBody !== null) {
    headers['content-type'] ??= 'application/json';
    return { status, headers, payload: JSON.stringify(init.jsonBody) };
  }
  const body = init.body;
  if (body === undefined || body === null) return { status, headers, payload: undefined };
  if (typeof body === 'string') {
    headers['content-type'] ??= 'text/plain;charset=UTF-8';
    return { status, headers, payload: body };
  }
  if (body instanceof Uint8Array) return { status, headers, payload: body };
  return undefined;
}

function sendError(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string>) {
  res.writeHead(status, { ...headers, ...closeIfUnread(res.req), 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { code, message } }));
}

/**
 * Serves the app's HTTP functions over Node http like the Azure Functions host serves them under /api:
 * the same HttpRequest and HttpResponse objects, the same handlers, and nothing the host does not add
 * (CORS is the app's own: a preflight is one of its functions). `func start` cannot run here (its
 * install downloads a binary), so this is the local and test host.
 */
export async function startDevHost(options: {
  port: number;
  app: FunctionsApp;
  /**
   * Local-only JSON views by path (e.g. `/_local/queues`), for a developer to look into what Azure's portal
   * would show; outside /api, so no route of the app can collide with them.
   */
  localViews?: Record<string, () => Promise<unknown>>;
}): Promise<DevHost> {
  const { HttpRequest, HttpResponse, InvocationContext, payloadTooLarge, httpFunctions, securityHeaders } = options.app;
  const table = httpFunctions.map((fn) => compile(fn.path, fn));

  const server = createServer(async (req, res) => {
    // The host's own answers (unknown route, its own failure) carry the pipeline's security headers.
    const baseHeaders = { ...securityHeaders };
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const view = req.method === 'GET' ? options.localViews?.[url.pathname] : undefined;
      if (view) {
        res.writeHead(200, { ...baseHeaders, 'Content-Type': 'application/json' }).end(JSON.stringify(await view(), null, 2));
        return;
      }
      if (!url.pathname.toLowerCase().startsWith('/api/')) return sendError(res, 404, 'not_found', 'not found', baseHeaders);
      const method = (req.method ?? 'GET').toUpperCase();
      const found = findRoute(table, url.pathname.slice('/api/'.length), (fn) => fn.method === method);
      if (!found || found === 'method-not-allowed') return sendError(res, 404, 'not_found', 'no such route', baseHeaders);

      // The body is not read here: the pipeline checks the token first, and the handler reads it.
      const body = method === 'GET' || method === 'HEAD' ? undefined : bodyOnDemand(req, bodyLimitOf(found.value), payloadTooLarge);
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[key] = value;
      // Azure's front end appends the address it was called from to X-Forwarded-For, after whatever the
      // caller wrote there; here the socket's address is appended the same way.
      const socketAddress = req.socket.remoteAddress ?? 'unknown';
      headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${socketAddress}` : socketAddress;
      const request = new DevHttpRequest({
        method,
        url: `http://${req.headers.host ?? 'localhost'}${req.url}`,
        headers,
        params: found.params,
        body,
        library: HttpRequest,
      });
      const context = new InvocationContext({ functionName: found.value.name });
      const init = await found.value.handler(request, context);
      const out = directResponse(init);
      // The pipeline adds the security headers to every routed answer.
      const outHeaders: Record<string, string | string[]> = {};
      let status: number;
      let payload: Buffer | string | Uint8Array | undefined;
      let stream: ReadableStream<Uint8Array> | undefined;
      if (out) {
        for (const [key, value] of Object.entries(out.headers)) outHeaders[key.toLowerCase()] = value;
        ({ status, payload } = out);
      } else {
        // Streams, blobs and other body kinds: the Functions library's own HttpResponse reads them, and
        // a stream (a download) is sent on as it is read, as the Functions host does with HTTP streams on.
        const response = new HttpResponse(init);
        for (const [key, value] of response.headers) outHeaders[key] = value;
        status = response.status;
        if (response.body) stream = response.body as ReadableStream<Uint8Array>;
      }
      const cookies = (init.cookies ?? []).map(
        (c) =>
          `${c.name}=${c.value}${c.path ? `; Path=${c.path}` : ''}${c.httpOnly ? '; HttpOnly' : ''}${c.secure ? '; Secure' : ''}${c.sameSite ? `; SameSite=${c.sameSite}` : ''}${c.maxAge !== undefined ? `; Max-Age=${c.maxAge}` : ''}`,
      );
      if (cookies.length) outHeaders['set-cookie'] = cookies;
      res.writeHead(status, { ...outHeaders, ...closeIfUnread(req) });
      if (stream) await pipeline(Readable.fromWeb(stream as NodeWebStream<Uint8Array>), res);
      else res.end(payload);
    } catch (error) {
      console.error('dev host error', error);
      if (!res.headersSent) sendError(res, 500, 'internal', 'internal error', baseHeaders);
      else res.end();
    }
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
